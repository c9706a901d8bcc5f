/** The console feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { BarChart } from './BarChart.tsx';
export type { Column } from './components.tsx';
export {
  AuditActionText,
  Choice,
  ConsoleList,
  ConsolePage,
  formatTime,
  OrderChoice,
  Roles,
  TextField,
} from './components.tsx';
export { LineChart } from './LineChart.tsx';
export { MemberField, type MemberLookup, useMemberLookup } from './MemberField.tsx';
export { MemberLedger, MemberOrders, MemberSessions } from './MemberFile.tsx';
export { StaffRequests } from './StaffRequests.tsx';
export { TestUsdt } from './TestUsdt.tsx';
export { TicketContent, TicketFrom, TicketSummary, TicketTarget, TicketType } from './TicketParts.tsx';
