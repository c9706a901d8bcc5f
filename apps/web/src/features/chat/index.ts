/** The chat feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { canRecall, forwardable, quotable } from './convo.ts';
export { myId, onSendError, openThread } from './engine.ts';
export {
  fileSize,
  groupByLetter,
  listTime,
  muteDuration,
  noticeText,
  previewText,
  sessionAvatar,
  sessionTitle,
} from './format.ts';
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
} from './groups.ts';
export { useAutoReply, useSetAutoReply } from './manage.ts';
export { requestNotificationPermission } from './notify.ts';
export { forgetChatCache, startChatCache } from './offline-cache.ts';
export { readMarkOf, sendTyping, useIsTyping } from './presence.ts';
export {
  useAddFriend,
  useBlockList,
  useChatByMemberId,
  useConfirmFriend,
  useDelFriend,
  useFriendRequests,
  useFriends,
  useOpenChat,
  useRequestCount,
  useSearchUsers,
  useSessionDetail,
  useSessions,
  useSetBlocked,
  useSetChat,
  useSetRemark,
  useUnreadTotal,
  useUserQuery,
} from './queries.ts';
export { startChatEngine } from './realtime.ts';
export { appRouteFromText } from './scanLink.ts';
export { searchKeyword, snippet, useDebounced, useMessageSearch, useNameSearch } from './search.ts';
export type { UiMessage } from './thread.ts';
export { useChat } from './useChat.ts';
