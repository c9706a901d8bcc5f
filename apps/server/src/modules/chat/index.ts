// The chat module's front door: what other modules may use (CONTRIBUTING.md, "Modules").
export { createAccountNoticePort } from './account-notices.ts';
export { unreadServiceConversations } from './desk/service.ts';
export { assertNotBlocked, blockedIdsOf, isBlockedEitherWay } from './friend/blocks.ts';
export { lookupQuota } from './friend/lookup-quota.ts';
export { friendIdsOf } from './friend/queries.ts';
export { versionsOf } from './message/message-changes.ts';
export { type MessageRow, presentMessage } from './message/presenter.ts';
export { byClientMsgId, messageById, sessionHistory } from './message/queries.ts';
export { assertCanSend, deliver, type StoredMessage, storeMessage } from './message/store.ts';
export { registerChatRoutes } from './routes.ts';
export { seedChat } from './seed.ts';
export {
  addSessionMembers,
  attachGroup,
  createSession,
  friendsAmong,
  lockSession,
  postNotice,
  removeSessionMembers,
} from './session/membership.ts';
export { type FirstMessage, noticeMessage, openSessionWithMessages } from './session/opening.ts';
export {
  isSessionMember,
  memberOf,
  notifyStateOf,
  peerOf,
  type SessionRow,
  sessionById,
} from './session/queries.ts';
