/** The user feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { FactorForm, RecoveryCodes } from './FactorForm.tsx';
export { InviterItem } from './InviterItem.tsx';
export { askStepUp } from './StepUpSheet.tsx';
