import { ErrorCode } from '@chatpay/shared';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useConnection } from '../../lib/connection.ts';
import { ApiError, isNetworkError } from '../../lib/errors.ts';
import { t } from '../../lib/i18n/index.ts';
import { isAbnormalSession } from './abnormal.ts';
import { type ChatState, chatActions, chatState } from './convo.ts';
import { convos } from './convo-agent.ts';
import type { ConvoState } from './convo-types.ts';
import { useSessionDetail } from './queries.ts';
import { emptyThread, useChatStore } from './store.ts';

const noConvo: ConvoState = { status: 'idle', sessionId: 0 };
const noSubscription = () => () => undefined;

/** Why the chat's own loading failed (its first page or a catch-up), as the page's `openError`. */
const loadError = (convo: ConvoState) =>
  convo.status === 'error' || convo.status === 'offline' || convo.status === 'ready' ? convo.error : null;

/**
 * One chat as a typed state (convo.ts): opens its convo (the first page, or a catch-up) and makes it the
 * open chat while mounted, backgrounds it when the page leaves, and answers what it is and what may be
 * done to it now.
 */
export const useChat = (sessionId: number): ChatState => {
  const detail = useSessionDetail(sessionId);
  const thread = useChatStore((s) => s.threads[sessionId] ?? emptyThread);
  const convo = useMemo(() => (sessionId ? convos.get(sessionId) : null), [sessionId]);
  const state = useSyncExternalStore(convo?.subscribe ?? noSubscription, convo?.snapshot ?? (() => noConvo));
  const openError = loadError(state);

  useEffect(() => {
    if (!convo) return;
    // The convo keeps why it failed (its status): the page reads it from there.
    convo.open().catch(() => undefined);
    return () => convo.background();
  }, [convo]);

  // Opened without a network: load what failed once the socket is connected again.
  const connected = useConnection((s) => s.state === 'ok' || s.state === 'reconnected');
  const { refetch } = detail;
  const detailOffline = isNetworkError(detail.error);
  useEffect(() => {
    if (!connected || !convo) return;
    if (detailOffline) void refetch();
    if (!isNetworkError(openError)) return;
    convo.load().catch(() => undefined);
  }, [connected, convo, openError, detailOffline, refetch]);

  const actions = useMemo(() => chatActions(sessionId), [sessionId]);
  const missing = useMemo(() => {
    if (!sessionId) return new ApiError(t('errors.1307'), ErrorCode.SessionNotFound);
    // Data that does not hold together is an "abnormal session": said so, and the page is left
    // (docs/product.md#errors).
    if (detail.data && isAbnormalSession(detail.data, sessionId))
      return new ApiError(t('errors.abnormalSession'), ErrorCode.SessionNotFound);
    return null;
  }, [sessionId, detail.data]);
  return useMemo(
    () =>
      chatState(
        {
          sessionId,
          session: { data: detail.data, error: detail.error },
          thread,
          openError: missing ?? openError,
        },
        actions,
      ),
    [sessionId, detail.data, detail.error, thread, openError, missing, actions],
  );
};
