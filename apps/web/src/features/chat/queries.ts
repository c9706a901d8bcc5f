import {
  type ChatSession,
  friendApi,
  SESSION_PAGE_SIZE,
  sessionApi,
  type setChatActions,
} from '@chatpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { call } from '../../lib/request.ts';
import { blockDependents } from './blocking.ts';
import { withMyReads } from './engine.ts';
import { chatKeys } from './keys.ts';
import { removeSession, replaceSession, unreadSum } from './sessions.ts';

export { chatKeys } from './keys.ts';

type SetChatAction = (typeof setChatActions)[number];

/**
 * The session list is page 1, SESSION_PAGE_SIZE (100) sessions, newest chat first (docs/product.md#sessions).
 */
export const fetchSessions = async () =>
  withMyReads(
    (await call(sessionApi.page, { page: 1, size: SESSION_PAGE_SIZE, order: 'lastChatTime', sort: 'desc' }))
      .list,
  );

export const useSessions = () => {
  const token = useAuth((s) => s.token);
  return useQuery({ queryKey: chatKeys.sessions(), queryFn: fetchSessions, enabled: Boolean(token) });
};

/** The tab-bar badge. */
export const useUnreadTotal = () => unreadSum(useSessions().data);

export const useSessionDetail = (id: number) =>
  useQuery({
    queryKey: chatKeys.session(id),
    queryFn: () => call(sessionApi.detail, { id }),
    enabled: id > 0,
    retry: false,
  });

/** What a setChat action changes in a cached session (delete is handled apart: the session leaves the list). */
const withSetting = (s: ChatSession, action: SetChatAction): ChatSession =>
  action === 'notify.on' || action === 'notify.off'
    ? { ...s, useNotify: action === 'notify.on' }
    : action === 'chat.top' || action === 'chat.untop'
      ? { ...s, isTop: action === 'chat.top' }
      : s;

/**
 * Delete (hide), mute or pin a session; the list changes at once and rolls back if the server refuses. A pin
 * moves the session, so the list is read again once the server answers.
 */
export const useSetChat = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: SetChatAction }) => call(sessionApi.setChat, input),
    onMutate: async ({ id, action }) => {
      await qc.cancelQueries({ queryKey: chatKeys.sessions() });
      const before = qc.getQueryData<ChatSession[]>(chatKeys.sessions());
      if (before) {
        qc.setQueryData<ChatSession[]>(
          chatKeys.sessions(),
          action === 'chat.delete'
            ? removeSession(before, id)
            : before.map((s) => (s.id === id ? withSetting(s, action) : s)),
        );
      }
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) qc.setQueryData(chatKeys.sessions(), context.before);
    },
    onSuccess: (session, { action }) => {
      if (action !== 'chat.delete') {
        qc.setQueryData<ChatSession[]>(chatKeys.sessions(), (list) => list && replaceSession(list, session));
      }
      qc.setQueryData(chatKeys.session(session.id), session);
    },
    onSettled: (_d, _e, { action }) => {
      if (action === 'chat.delete' || action === 'chat.top' || action === 'chat.untop')
        void qc.invalidateQueries({ queryKey: chatKeys.sessions() });
    },
  });
};

export const useFriends = () => {
  const token = useAuth((s) => s.token);
  return useQuery({
    queryKey: chatKeys.friends(),
    queryFn: () => call(friendApi.list, {}),
    enabled: Boolean(token),
  });
};

export const useRequestCount = () => {
  const token = useAuth((s) => s.token);
  return useQuery({
    queryKey: chatKeys.requestCount(),
    queryFn: () => call(friendApi.requestCount, {}),
    enabled: Boolean(token),
  });
};

export const useFriendRequests = () =>
  useQuery({ queryKey: chatKeys.requests(), queryFn: () => call(friendApi.requestList, {}) });

export const useConfirmFriend = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; agree: boolean }) => call(friendApi.confirmFriend, input),
    onSuccess: () => {
      for (const key of [
        chatKeys.requests(),
        chatKeys.requestCount(),
        chatKeys.friends(),
        chatKeys.sessions(),
      ])
        void qc.invalidateQueries({ queryKey: key });
    },
  });
};

/** One member for the user-detail page: by id, or by a keyword such as a share code. */
export const useUserQuery = (input: { userId?: number; keyword?: string }) =>
  useQuery({
    queryKey: chatKeys.user(input.userId ? `id:${input.userId}` : `k:${input.keyword ?? ''}`),
    queryFn: () => call(friendApi.query, input),
    enabled: Boolean(input.userId || input.keyword),
    retry: false,
  });

export const useSearchUsers = (keyword: string) =>
  useQuery({
    queryKey: chatKeys.search(keyword),
    queryFn: () => call(friendApi.search, { keyword }),
    enabled: keyword.length > 0,
    retry: false,
  });

export const useAddFriend = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; message?: string }) => call(friendApi.addFriend, input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: chatKeys.users() });
      void qc.invalidateQueries({ queryKey: chatKeys.friends() });
    },
  });
};

export const useDelFriend = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(friendApi.delFriend, { userId }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: chatKeys.all });
    },
  });
};

/** The members I blocked (settings → Blocked members). */
export const useBlockList = () =>
  useQuery({ queryKey: chatKeys.blocked(), queryFn: () => call(friendApi.blockList, {}) });

/**
 * Blocks or unblocks a member. The block list, their card and my market lists (their ads leave it) change.
 */
export const useSetBlocked = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      call(blocked ? friendApi.block : friendApi.unblock, { userId }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: chatKeys.blocked() });
      void qc.invalidateQueries({ queryKey: chatKeys.users() });
      for (const queryKey of blockDependents()) void qc.invalidateQueries({ queryKey });
    },
  });
};

/** My private remark for a friend: it renames them in my contacts, sessions and their card. */
export const useSetRemark = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; remark: string }) => call(friendApi.setRemark, input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: chatKeys.all });
    },
  });
};

export const useOpenChat = () =>
  useMutation({ mutationFn: (userId: number) => call(sessionApi.create, { type: 'single', userId }) });

/** A chat with a trade counterparty by public member id, friends or not (`session/toMccId`). */
export const useChatByMemberId = () =>
  useMutation({ mutationFn: (mccId: string) => call(sessionApi.toMccId, { mccId }) });
