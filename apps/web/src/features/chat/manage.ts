import { type AutoReplyContentType, messageApi } from '@chatpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { chatKeys } from './keys.ts';
import { forgetCachedChat } from './offline-cache.ts';
import { getThread, useChatStore } from './store.ts';
import { maxSeq } from './thread.ts';

/**
 * Clears a chat's history for me (`message/clear`): the thread and what the phone kept of it empty at once (my unsent
 * messages stay), and the session list reads its preview again.
 */
export const useClearHistory = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => call(messageApi.clear, { sessionId }),
    onSuccess: (_ok, sessionId) => {
      forgetCachedChat(sessionId);
      const thread = getThread(sessionId);
      const top = Math.max(thread.syncedSeq, maxSeq(thread.items));
      useChatStore.getState().update(sessionId, (t) => ({
        ...t,
        items: t.items.filter((m) => m.status !== 'sent'),
        syncedSeq: top,
        hasMoreOlder: false,
      }));
      void qc.invalidateQueries({ queryKey: chatKeys.sessions() });
      void qc.invalidateQueries({ queryKey: chatKeys.session(sessionId) });
    },
  });
};

/** Forwards messages to one or several chats (`message/transmit`); the copies arrive through the socket. */
export const useForward = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; sessionIds: number[] }) => call(messageApi.transmit, input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.sessions() }),
  });
};

/** My auto-reply (/pages/user/reply: text, image or video, docs/product.md#messages). */
export const useAutoReply = () =>
  useQuery({ queryKey: chatKeys.autoReply(), queryFn: () => call(messageApi.getReply, {}) });

export const useSetAutoReply = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      enabled: boolean;
      contentType: AutoReplyContentType;
      content: Record<string, unknown>;
    }) => call(messageApi.setReply, input),
    onSuccess: (reply) => qc.setQueryData(chatKeys.autoReply(), reply),
  });
};
