import type { QueryClient } from '@tanstack/react-query';
import { chatKeys, onChatMessage } from '../chat/index.ts';
import { groupKeys } from './queries.ts';

let started = false;

/**
 * Listens once: a group change (mute, roles, members, dissolve) shows on an open chat at once, as the group
 * and its session are read again when its notice arrives.
 */
export const startGroupRealtime = (client: QueryClient) => {
  if (started) return;
  started = true;
  onChatMessage((m) => {
    if (m.contentType !== 'notice' || !String(m.content.type ?? '').startsWith('group.')) return;
    void client.invalidateQueries({ queryKey: groupKeys.info(m.sessionId) });
    void client.invalidateQueries({ queryKey: chatKeys.session(m.sessionId) });
  });
};
