import { TicketSubmit } from '../../../features/tickets/ui.ts';

const ComplainSubmitPage = () => <TicketSubmit kind="complain" />;

export default ComplainSubmitPage;
