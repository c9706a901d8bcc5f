/** The chain feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { RecordRow, withdrawalReason } from './components/RecordRow.tsx';
export { SavedAddressCard } from './components/SavedAddressCard.tsx';
export { NetworkChooser, pickNetwork } from './NetworkChooser.tsx';
