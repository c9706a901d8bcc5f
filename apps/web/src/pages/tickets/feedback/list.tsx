import { TicketList } from '../../../features/tickets/ui.ts';

const FeedbackListPage = () => <TicketList kind="feedback" />;

export default FeedbackListPage;
