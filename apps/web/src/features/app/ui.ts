/** The app feature's second front door: its components and what shows something (CONTRIBUTING.md, Layout). */

export { showUpdateDialog } from './updateDialog.tsx';
