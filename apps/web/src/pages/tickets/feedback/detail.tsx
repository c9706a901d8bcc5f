import { TicketDetail } from '../../../features/tickets/ui.ts';

const FeedbackDetailPage = () => <TicketDetail kind="feedback" />;

export default FeedbackDetailPage;
