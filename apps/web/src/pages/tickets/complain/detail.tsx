import { TicketDetail } from '../../../features/tickets/ui.ts';

const ComplainDetailPage = () => <TicketDetail kind="complain" />;

export default ComplainDetailPage;
