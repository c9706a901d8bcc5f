/** The settings feature's second front door: its components and what shows something (CONTRIBUTING.md, Layout). */

export { LanguageList } from './LanguageList.tsx';
export { ThemeSwitch } from './ThemeSwitch.tsx';
