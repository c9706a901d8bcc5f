import { ErrorCode } from '@chatpay/shared';
import { useEffect, useMemo, useState } from 'react';
import { useConnection } from '../../lib/connection.ts';
import { ApiError, isNetworkError } from '../../lib/errors.ts';
import { t } from '../../lib/i18n/index.ts';
import { isAbnormalSession } from './abnormal.ts';
import { type ChatState, chatActions, chatState } from './convo.ts';
import { openThread } from './engine.ts';
import { useSessionDetail } from './queries.ts';
import { emptyThread, useChatStore } from './store.ts';

/**
 * One chat as a typed state (convo.ts): opens it (the first page, or a catch-up) and marks it the open
 * chat while mounted, and answers what it is and what may be done to it now.
 */
export const useChat = (sessionId: number): ChatState => {
  const detail = useSessionDetail(sessionId);
  const thread = useChatStore((s) => s.threads[sessionId] ?? emptyThread);
  const [openError, setOpenError] = useState<unknown>(null);

  useEffect(() => {
    setOpenError(null);
    if (!sessionId) return;
    useChatStore.getState().setOpen(sessionId);
    openThread(sessionId).catch(setOpenError);
    return () => {
      if (useChatStore.getState().openId === sessionId) useChatStore.getState().setOpen(null);
    };
  }, [sessionId]);

  // Opened without a network: load what failed once the socket is connected again.
  const connected = useConnection((s) => s.state === 'ok' || s.state === 'reconnected');
  const { refetch } = detail;
  const detailOffline = isNetworkError(detail.error);
  useEffect(() => {
    if (!connected || !sessionId) return;
    if (detailOffline) void refetch();
    if (!isNetworkError(openError)) return;
    setOpenError(null);
    openThread(sessionId).catch(setOpenError);
  }, [connected, sessionId, openError, detailOffline, refetch]);

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
