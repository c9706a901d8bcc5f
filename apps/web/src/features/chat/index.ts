/** The chat feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { registerBlockDependent } from './blocking.ts';
export { forwardable, quotable } from './convo.ts';
export { receiveStored } from './convo-agent.ts';
export { isComposing } from './drafts.ts';
export { openThread } from './engine.ts';
export { myId } from './engine-app.ts';
export {
  fileSize,
  groupByLetter,
  listTime,
  noticeText,
  previewText,
  sessionAvatar,
  sessionTitle,
} from './format.ts';
export { chatKeys } from './keys.ts';
export type { MessageKind, NameOf, NoticeKind } from './kinds.ts';
export { loadMessageKinds, registerMessageKind, registerNoticeKind } from './kinds.ts';
export { useAutoReply, useSetAutoReply } from './manage.ts';
export { requestNotificationPermission } from './notify.ts';
export { forgetChatCache, startChatCache } from './offline-cache.ts';
export { onSendError } from './outbox-send.ts';
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
export { onChatMessage, startChatEngine } from './realtime.ts';
export { appRouteFromText } from './scanLink.ts';
export { searchKeyword, snippet, useDebounced, useMessageSearch, useNameSearch } from './search.ts';
export { playMessageSound } from './sound.ts';
export type { UiMessage } from './thread.ts';
export { useChat } from './useChat.ts';
