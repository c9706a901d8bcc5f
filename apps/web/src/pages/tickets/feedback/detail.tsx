import { TicketDetail } from '../../../features/tickets/components/TicketDetail.tsx';

const FeedbackDetailPage = () => <TicketDetail kind="feedback" />;

export default FeedbackDetailPage;
