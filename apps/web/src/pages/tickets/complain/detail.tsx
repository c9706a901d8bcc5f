import { TicketDetail } from '../../../features/tickets/components/TicketDetail.tsx';

const ComplainDetailPage = () => <TicketDetail kind="complain" />;

export default ComplainDetailPage;
