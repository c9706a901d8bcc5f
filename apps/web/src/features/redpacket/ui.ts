/** The redpacket feature's second front door: its components and what shows something (CONTRIBUTING.md, Layout). */

export { OpenPacket } from './components/OpenPacket.tsx';
