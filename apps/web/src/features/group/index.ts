/** The group feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { groupNotices, muteDuration } from './notices.ts';
export {
  groupJoinLink,
  useCreateGroup,
  useDissolveGroup,
  useGroupInfo,
  useGroups,
  useInvite,
  useJoinGroup,
  useMuteAll,
  useMutedHere,
  useMuteMember,
  useQuitGroup,
  useRemoveMembers,
  useSetGroupNote,
  useSetManager,
  useTransferOwner,
  useUnmuteMember,
  useUnsetManager,
  useUpdateGroup,
} from './queries.ts';
export { startGroupRealtime } from './realtime.ts';
