import type { Db } from '../../db/connection.ts';
import type { Realtime } from '../../realtime/socket.ts';

/**
 * How the user module tells a member about a change to their account (a PIN change) through the in-app notice
 * mechanism, which belongs to chat. Chat builds on the user module, so chat provides this port when it
 * registers (as `chat/group-port.ts` does the other way); without it, nothing is posted.
 */
export interface AccountNoticePort {
  /** Posts `content` as a system notice in the member's customer-service session and delivers it. */
  notify(
    db: Db,
    realtime: Realtime,
    userId: number,
    content: { type: string; text: string } & Record<string, string | number>,
  ): Promise<void>;
}

let port: AccountNoticePort | null = null;

export const provideAccountNotices = (notices: AccountNoticePort) => {
  port = notices;
};

export const accountNotices = (): AccountNoticePort | null => port;
