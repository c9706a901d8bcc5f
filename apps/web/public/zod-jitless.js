// Runs before the app's modules (a classic script in index.html). The server's Content-Security-Policy forbids
// eval (docs/security.md); zod builds fast parsers with `new Function` and probes for it when the first object
// schema is created, and Chromium reports the refused probe as a CSP violation. zod reads this global config.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
