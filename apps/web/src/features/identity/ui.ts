/** The identity feature's second front door: its components (CONTRIBUTING.md, Web features). */

export { DocumentPicker } from './DocumentPicker.tsx';
export { LevelBadge } from './LevelBadge.tsx';
