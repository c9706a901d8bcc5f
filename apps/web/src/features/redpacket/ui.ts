/** The redpacket feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { OpenPacket } from './components/OpenPacket.tsx';
