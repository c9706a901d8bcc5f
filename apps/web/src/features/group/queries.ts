import { type ChatSession, type GroupInfo, groupApi, type InputOf } from '@chatpay/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../lib/request.ts';
import { chatKeys, myId } from '../chat/index.ts';
import {
  dissolved,
  withFields,
  withMuteAll,
  withMuted,
  withNote,
  withOwner,
  withoutMembers,
  withRole,
} from './cache.ts';

export const groupKeys = {
  info: (sessionId: number) => [...chatKeys.all, 'group', sessionId] as const,
  list: () => [...chatKeys.all, 'groups'] as const,
};

/** A group with its members, by its session id. */
export const useGroupInfo = (sessionId: number) =>
  useQuery({
    queryKey: groupKeys.info(sessionId),
    queryFn: () => call(groupApi.info, { sessionId }),
    enabled: sessionId > 0,
    retry: false,
  });

/** Why I may not send in a group: muted myself, or a plain member under "mute all"; null: I may send. */
export type MutedHere = 'member' | 'all' | null;

/** As the server decides it (group/mute.ts), at `now`: a timed mute that has ended no longer counts. */
export const mutedState = (g: GroupInfo | undefined, me: number | null, now: number): MutedHere => {
  const m = g?.members.find((x) => x.userId === me);
  if (!g || !m) return null;
  if (m.isMuted && (!m.mutedUntil || Date.parse(m.mutedUntil) > now)) return 'member';
  if (g.muteAll && m.role === 'member') return 'all';
  return null;
};

/**
 * Whether I may send in this group chat (docs/product.md#groups): the chat shows a disabled input instead
 * of one that fails. Live: a group notice (mute, unmute, mute all) re-reads the group (realtime.ts); a timed
 * mute lifts itself on this page when it ends.
 */
export const useMutedHere = (session: ChatSession | null, me: number | null): MutedHere => {
  const info = useGroupInfo(session?.type === 'group' ? session.id : 0);
  const [now, setNow] = useState(() => Date.now());
  const until = info.data?.members.find((m) => m.userId === me)?.mutedUntil;
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left + 500, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [until]);
  return mutedState(info.data, me, Math.max(now, Date.now()));
};

export const useGroups = () =>
  useQuery({ queryKey: groupKeys.list(), queryFn: () => call(groupApi.list, {}) });

const isGroup = (value: unknown): value is GroupInfo =>
  typeof value === 'object' && value !== null && 'members' in value && 'sessionId' in value;

/** What else shows a group: its session (title, member count, dissolved), the session list and my groups. */
const refreshAround = (qc: QueryClient, sessionId: number) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: chatKeys.session(sessionId) }),
    qc.invalidateQueries({ queryKey: chatKeys.sessions() }),
    qc.invalidateQueries({ queryKey: groupKeys.list() }),
  ]);

/**
 * A change to the group of `sessionId`. With `optimistic` it shows at once and is rolled back if the server
 * refuses; a group in the answer replaces the cached one; the session and the lists that show the group
 * are read again either way. (Options apart from the hook, so the cache rules are tested without React.)
 */
export const groupChangeOptions = <I, O>(
  qc: QueryClient,
  sessionId: number,
  fn: (input: I) => Promise<O>,
  optimistic?: (group: GroupInfo, input: I) => GroupInfo,
) => {
  const key = groupKeys.info(sessionId);
  return {
    mutationFn: fn,
    onMutate: async (input: I) => {
      if (!optimistic) return { before: undefined };
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<GroupInfo>(key);
      if (before) qc.setQueryData<GroupInfo>(key, optimistic(before, input));
      return { before };
    },
    onError: (_error: unknown, _input: I, context: { before: GroupInfo | undefined } | undefined) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
    onSuccess: (result: O) => {
      if (isGroup(result)) qc.setQueryData(groupKeys.info(result.sessionId), result);
    },
    onSettled: (result: O | undefined) =>
      Promise.all([
        // An answer without the group (dissolve) or a refusal: read the group again.
        isGroup(result) ? undefined : qc.invalidateQueries({ queryKey: key }),
        refreshAround(qc, sessionId),
      ]),
  };
};

const useGroupChange = <I, O>(
  sessionId: number,
  fn: (input: I) => Promise<O>,
  optimistic?: (group: GroupInfo, input: I) => GroupInfo,
) => useMutation(groupChangeOptions(useQueryClient(), sessionId, fn, optimistic));

type MemberRef = { groupId: number; userId: number };

export const useSetManager = (sessionId: number) =>
  useGroupChange(
    sessionId,
    (i: MemberRef) => call(groupApi.setManager, i),
    (g, i) => withRole(g, i.userId, 'manager'),
  );
export const useUnsetManager = (sessionId: number) =>
  useGroupChange(
    sessionId,
    (i: MemberRef) => call(groupApi.unsetManager, i),
    (g, i) => withRole(g, i.userId, 'member'),
  );
export const useMuteMember = (sessionId: number) =>
  useGroupChange(
    sessionId,
    (i: MemberRef & { minutes?: number }) => call(groupApi.mute, i),
    (g, i) => withMuted(g, i.userId, true, i.minutes),
  );
export const useMuteAll = (sessionId: number) =>
  useGroupChange(
    sessionId,
    (i: { groupId: number; on: boolean }) => call(groupApi.muteAll, i),
    (g, i) => withMuteAll(g, i.on),
  );
export const useUnmuteMember = (sessionId: number) =>
  useGroupChange(
    sessionId,
    (i: MemberRef) => call(groupApi.unmute, i),
    (g, i) => withMuted(g, i.userId, false),
  );
export const useRemoveMembers = (sessionId: number) =>
  useGroupChange(
    sessionId,
    (i: { groupId: number; userIds: number[] }) => call(groupApi.remove, i),
    (g, i) => withoutMembers(g, i.userIds),
  );
export const useTransferOwner = (sessionId: number) =>
  useGroupChange(
    sessionId,
    (i: MemberRef) => call(groupApi.transferOwner, i),
    (g, i) => withOwner(g, i.userId),
  );
export const useUpdateGroup = (sessionId: number) =>
  useGroupChange(
    sessionId,
    (i: InputOf<typeof groupApi.update>) => call(groupApi.update, i),
    (g, i) => withFields(g, i),
  );
export const useSetGroupNote = (sessionId: number) =>
  useGroupChange(
    sessionId,
    (i: InputOf<typeof groupApi.setNote>) => call(groupApi.setNote, i),
    (g, i) => withNote(g, myId(), i.note),
  );
export const useInvite = (sessionId: number) =>
  useGroupChange(sessionId, (i: InputOf<typeof groupApi.invite>) => call(groupApi.invite, i));
export const useDissolveGroup = (sessionId: number) =>
  useGroupChange(sessionId, (i: { groupId: number }) => call(groupApi.dissolve, i), dissolved);

/** I leave the group: its cache goes (I can no longer read it), the lists reload. */
export const useQuitGroup = (sessionId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (i: { groupId: number }) => call(groupApi.quit, i),
    onSuccess: () => qc.removeQueries({ queryKey: groupKeys.info(sessionId) }),
    onSettled: () => refreshAround(qc, sessionId),
  });
};

/** A new group, or one joined by its code: cached at once, and the lists that show it reload. */
const useGroupOpen = <I>(fn: (input: I) => Promise<GroupInfo>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (group) => {
      qc.setQueryData(groupKeys.info(group.sessionId), group);
      return refreshAround(qc, group.sessionId);
    },
  });
};
export const useCreateGroup = () =>
  useGroupOpen((i: InputOf<typeof groupApi.create>) => call(groupApi.create, i));
export const useJoinGroup = () => useGroupOpen((code: string) => call(groupApi.addByCode, { code }));

/** The link a group QR code carries: the join page of this app for the group's code. */
export const groupJoinLink = (code: string) =>
  `${window.location.origin}${window.location.pathname}#/pages/chat/group-join?code=${encodeURIComponent(code)}`;
