/** The chat feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { ChatSettings } from './components/ChatSettings.tsx';
export type { MediaKind } from './components/Composer.tsx';
export { Composer } from './components/Composer.tsx';
export { ForwardPicker } from './components/ForwardPicker.tsx';
export { Highlight } from './components/Highlight.tsx';
export type { MessageListHandle } from './components/MessageList.tsx';
export { MessageList } from './components/MessageList.tsx';
export { QuickReactions, ReactionPicker, WhoReacted } from './components/Reactions.tsx';
export { SearchEntry } from './components/SearchEntry.tsx';
export { SessionItem } from './components/SessionItem.tsx';
export { useContactService } from './contact-service.ts';
