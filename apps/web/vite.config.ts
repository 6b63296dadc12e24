import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const BFF = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Every text asset also as .br and .gz, made once at build time: the BFF serves the one the browser
    // accepts (@fastify/static's preCompressed), so nothing is compressed per request.
    isSsrBuild ? null : compression({ algorithms: ['brotliCompress', 'gzip'] }),
    // An installable app: the manifest, and a service worker (sw.js) that precaches the hashed assets and
    // what the offline page needs. Pages always come from the network, so none is ever stale; without a
    // network a page shows offline.html. Nothing else (no API answer, nothing personal) is cached. It also
    // shows the reminders sent by Web Push (public/push-sw.js).
    isSsrBuild
      ? null
      : VitePWA({
          injectRegister: false, // lib/browser/install-app.ts registers it: the CSP allows no inline script
          registerType: 'autoUpdate',
          manifest: {
            name: 'Negocia Varejo',
            short_name: 'Negocia Varejo',
            description: 'Consulte e negocie suas dívidas com as lojas parceiras, com segurança.',
            lang: 'pt-BR',
            start_url: '/',
            scope: '/',
            display: 'standalone',
            theme_color: '#0b3d91',
            background_color: '#f4f6fa',
            icons: [
              { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
              { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
              { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            ],
          },
          workbox: {
            globPatterns: [
              'assets/**/*.{js,css,svg,png,woff2}',
              'offline.{html,css}',
              'favicon.svg',
              'icons/*.png',
            ],
            // the reminders' push and notification tap (public/push-sw.js), loaded by sw.js as it starts
            importScripts: ['push-sw.js'],
            navigateFallback: null,
            cleanupOutdatedCaches: true,
            clientsClaim: true,
            skipWaiting: true,
            runtimeCaching: [
              {
                urlPattern: ({ request }) => request.mode === 'navigate',
                handler: 'NetworkOnly',
                options: { precacheFallback: { fallbackURL: '/offline.html' } },
              },
            ],
          },
        }),
  ],
  server: {
    port: 5173,
    // The BFF checks Origin on mutations: keep the browser's own origin (changeOrigin: false).
    proxy: {
      '/trpc': { target: BFF, changeOrigin: false },
      '/api': { target: BFF, changeOrigin: false },
    },
  },
  build: {
    // The BFF's CSP allows no inline script, style or data: fonts beyond images.
    assetsInlineLimit: 0,
    sourcemap: false,
    // .vite/manifest.json: which chunks each page loads, read by scripts/check-budgets.ts.
    manifest: true,
    rolldownOptions: {
      // The app, and the home page's own entry: '/' hydrates without the app's router, API client and
      // forms, and hands over to the app when the visitor leaves it (src/app/home-app.tsx).
      input: { index: 'index.html', home: 'home.html' },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases. Only
        // the libraries every page needs share one 'vendor' chunk; the others (forms, masks, schemas)
        // stay with the pages that use them, so no page downloads a library it does not run.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Apart: the home page's entry hydrates without it, and its islands load without it.
            { name: 'router', test: /node_modules[\\/]react-router(-dom)?[\\/]/ },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
            // The API client's layer, loaded by the app and by the home page's islands alike, with the small
            // helpers every signed-in page runs (what a step hands over, the idle-time fetch).
            {
              name: 'api',
              includeDependenciesRecursively: false,
              // (and the message the browser shares with the BFF, which the API's errors read: alone, it
              // would be a chunk of its own that every page loads)
              test: /[\\/](src[\\/]lib[\\/](api[\\/](providers|trpc|session|errors|handed-over)|tracking[\\/]tracking|forms[\\/]prefill|browser[\\/]when-idle)|contracts[\\/]src[\\/]messages)\.tsx?$/,
            },
            // The small pieces of the forms and modals most pages show: one chunk, not a dozen of a few
            // hundred bytes each, whose imports and headers every page would pay for.
            {
              name: 'ui',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/]components[\\/]ui[\\/](modal|spinner-modal|error-modal|field|checkbox-field|on-demand)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
}));
