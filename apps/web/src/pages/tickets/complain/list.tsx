import { TicketList } from '../../../features/tickets/ui.ts';

const ComplainListPage = () => <TicketList kind="complain" />;

export default ComplainListPage;
