import { TicketSubmit } from '../../../features/tickets/components/TicketSubmit.tsx';

const FeedbackSubmitPage = () => <TicketSubmit kind="feedback" />;

export default FeedbackSubmitPage;
