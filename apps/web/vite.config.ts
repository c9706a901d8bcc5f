import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const backend = 'http://localhost:8080';

/**
 * A feature's front doors (index.ts, ui.ts) only re-export (CONTRIBUTING.md, Web features): declared free of
 * effects, the bundler takes from them the modules whose exports are used, so importing one name through a
 * door does not bring every other module of the feature (its components, their style sheets, its stores)
 * into the importer's chunk; the first screen imports a few names of chat, push and user.
 */
const frontDoors = (): Plugin => ({
  name: 'chatpay-front-doors',
  transform: {
    filter: { id: /[\\/]src[\\/]features[\\/][^\\/]+[\\/](index|ui)\.ts$/ },
    handler: () => ({ moduleSideEffects: false }),
  },
});

export default defineConfig({
  base: './',
  resolve: {
    // npm hoists React 18 to the workspace root for antd-mobile's react-spring peer range while this app
    // gets React 19 in apps/web/node_modules: every import of React must resolve to the app's copy.
    dedupe: ['react', 'react-dom'],
  },
  plugins: [
    frontDoors(),
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app once its first screen is up (src/app/service-worker.ts), not at `load`.
      injectRegister: false,
      includeAssets: ['icon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'ChatPay',
        short_name: 'ChatPay',
        description: 'Chat, C2C market and USDT wallet',
        theme_color: '#007aff',
        background_color: '#f6f7fa',
        display: 'standalone',
        start_url: './',
        scope: './',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: 'index.html',
        // The API, uploads and the socket are always live: never served from the cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/socket\.io\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // Web Push and notification taps (public/push-sw.js) and the static route that serves hashed assets
        // from the precache without the worker (public/sw-routes.js): same-origin files, so a strict CSP
        // allows them.
        importScripts: ['push-sw.js', 'sw-routes.js'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // No module preloads: the browser fetches a module's static imports itself as soon as it has the module.
    // Preloading a lazy chunk's imports cost a <link> appended per dependency (about sixty for the chat engine
    // and a page) in one long task at start, most of Lighthouse's blocking time. Style sheets are
    // still loaded before a chunk runs.
    modulePreload: {
      resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/uploads': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
});
