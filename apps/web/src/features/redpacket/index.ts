/** The redpacket feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { redPacketKind } from './chat-kinds.ts';
export type { PacketProblem } from './logic.ts';
export { checkPacket, isPastExpiry, packetTotal, showTotal } from './logic.ts';
export { useOpenPacket } from './openStore.ts';
export { useRedPacket, useSendRedPacket } from './queries.ts';
export { startRedPacketRealtime } from './realtime.ts';
