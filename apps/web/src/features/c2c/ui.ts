/** The c2c feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { AdCard } from './components/AdCard.tsx';
export { AddProof } from './components/AddProof.tsx';
export { ApiKeyPopup } from './components/ApiKeyPopup.tsx';
export { AppealPopup } from './components/AppealPopup.tsx';
export {
  Badges,
  CopyRow,
  OnlineDot,
  Proof,
  Requirements,
  Row,
  StatsLine,
  StatusTag,
  useDuration,
  useNow,
} from './components/bits.tsx';
export { C2CTabPage } from './components/C2CTabBar.tsx';
export { FeedbackCard } from './components/FeedbackCard.tsx';
export { GuestAccountItem } from './components/GuestAccount.tsx';
export { OrderBanner } from './components/OrderBanner.tsx';
export { AppealCard, EventList, OrderAmounts, PayeeCard } from './components/OrderView.tsx';
export { PayerName } from './components/PayerName.tsx';
export { PresenceCard } from './components/PresenceCard.tsx';
export { ReleasePopup } from './components/ReleasePopup.tsx';
export { PayeeNotice } from './components/TradeNotice.tsx';
