/** The group feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { MemberGrid } from './components/MemberGrid.tsx';
