import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const BFF = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Every text asset also as .br and .gz, made once at build time: the BFF serves the one the browser
    // accepts (@fastify/static's preCompressed), so nothing is compressed per request.
    isSsrBuild ? null : compression({ algorithms: ['brotliCompress', 'gzip'] }),
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
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases. Only
        // the libraries every page needs share one 'vendor' chunk; the others (forms, masks, schemas)
        // stay with the pages that use them, so no page downloads a library it does not run.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react(-dom|-router|-router-dom)?|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
}));
