/** The moments feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { CommentBar } from './components/CommentBar.tsx';
export { MomentItem } from './components/MomentItem.tsx';
export { useCommenting } from './useCommenting.ts';
