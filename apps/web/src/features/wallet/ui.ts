/** The wallet feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { AmountField } from './components/AmountField.tsx';
export { HistoryRow } from './components/HistoryRow.tsx';
export { PaySheet } from './components/PaySheet.tsx';
export { usePinGuard } from './usePinGuard.ts';
