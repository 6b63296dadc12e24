import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const BFF = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/].*(react-dom|react-router|scheduler|[\\/]react[\\/])/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
