import { unstableSetRender } from 'antd-mobile';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/App.tsx';
import { syncAntdLocale } from './app/antdLocale.ts';
import { startLaunchPage } from './app/boot-route.ts';
import { registerServiceWorkerWhenIdle } from './app/service-worker.ts';
import { startSession } from './app/session.ts';
import { checkForUpdate } from './features/app/index.ts';
import { logAppOpen } from './features/user/index.ts';
import { i18nReady } from './lib/i18n/index.ts';
import { whenIdleAfterLoad } from './lib/idle.ts';
import { perfMark } from './lib/perf-marks.ts';
import { applyPageScale } from './lib/scale.ts';
import { startTheme } from './lib/theme.ts';
import './styles.css';
import './features/chat/chat.css';
import './features/group/group.css';
import './features/c2c/c2c.css';

perfMark('entry');

// antd-mobile's imperative APIs (Toast, Dialog) stay silent under React 19 until given a renderer.
unstableSetRender((node, container) => {
  const el = container as Element & { _root?: Root };
  el._root ??= createRoot(el);
  el._root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve));
    el._root?.unmount();
    el._root = undefined;
  };
});

applyPageScale();
startTheme();
const sessionReady = startSession();
// The launch address's page code (and a chat's newest messages) load beside the engine, not after it.
const pageReady = startLaunchPage();
// Every feature's message kinds and notices, registered before the first render (a session's preview needs
// them); their texts load beside the page's code rather than in the first screen's bundle.
const pluginsReady = import('./app/plugins.ts').then(
  (m) => m.registerPlugins(),
  () => undefined,
);
// A one-time record that loads the API contract: not while the first screen loads.
logAppOpen(whenIdleAfterLoad);
// Whether this version may still be used (a forced update blocks the member pages): the same, once idle.
checkForUpdate(whenIdleAfterLoad);

void Promise.all([i18nReady, sessionReady, pageReady, pluginsReady]).then(() => {
  perfMark('render');
  syncAntdLocale();
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in slices of a few milliseconds instead of one long task,
  // so input and network answers are handled meanwhile; the start-up screen of index.html stays until then.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  registerServiceWorkerWhenIdle();
});
