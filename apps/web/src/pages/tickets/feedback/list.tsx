import { TicketList } from '../../../features/tickets/components/TicketList.tsx';

const FeedbackListPage = () => <TicketList kind="feedback" />;

export default FeedbackListPage;
