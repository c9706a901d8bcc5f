import { TicketList } from '../../../features/tickets/components/TicketList.tsx';

const ComplainListPage = () => <TicketList kind="complain" />;

export default ComplainListPage;
