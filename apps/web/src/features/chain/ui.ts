/** The chain feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { RecordRow } from './components/RecordRow.tsx';
export { NetworkChooser, pickNetwork } from './NetworkChooser.tsx';
