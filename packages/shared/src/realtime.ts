import { z } from 'zod';

/**
 * Socket.IO `/chat` namespace events (SPEC §7). The per-user channel event is `user`: when it carries a token
 * different from the local one, the client logs out (single-session kick, SPEC §4).
 */
export const userChannelPayload = z.object({ type: z.literal('login'), token: z.string() });
export type UserChannelPayload = z.infer<typeof userChannelPayload>;

export const heartbeatPayload = z.object({ interval: z.number().int().min(1).max(3600), time: z.number() });
export type HeartbeatPayload = z.infer<typeof heartbeatPayload>;

export interface ServerToClientEvents {
  user: (payload: UserChannelPayload) => void;
  message: (payload: unknown) => void;
  onUpdateUnread: (payload: unknown) => void;
  onSessionDelete: (payload: unknown) => void;
  onFriendRequest: (payload: unknown) => void;
  onFriendRemove: (payload: unknown) => void;
  onFriendConfirm: (payload: unknown) => void;
  onC2COrderStatus: (payload: { page?: string } & Record<string, unknown>) => void;
  onC2COrderUnread: (payload: unknown) => void;
}

export interface ClientToServerEvents {
  heartbeat: (payload: HeartbeatPayload, ack?: (reply: { time: number }) => void) => void;
}
