/** The app feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { showUpdateDialog } from './updateDialog.tsx';
