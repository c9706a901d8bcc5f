import { TicketSubmit } from '../../../features/tickets/ui.ts';

const FeedbackSubmitPage = () => <TicketSubmit kind="feedback" />;

export default FeedbackSubmitPage;
