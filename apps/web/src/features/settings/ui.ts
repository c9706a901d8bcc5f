/** The settings feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { LanguageList } from './LanguageList.tsx';
export { ThemeSwitch } from './ThemeSwitch.tsx';
