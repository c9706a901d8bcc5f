import { TicketSubmit } from '../../../features/tickets/components/TicketSubmit.tsx';

const ComplainSubmitPage = () => <TicketSubmit kind="complain" />;

export default ComplainSubmitPage;
