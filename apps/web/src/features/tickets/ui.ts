/** The tickets feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { TicketDetail } from './components/TicketDetail.tsx';
export { TicketList } from './components/TicketList.tsx';
export { TicketSubmit } from './components/TicketSubmit.tsx';
