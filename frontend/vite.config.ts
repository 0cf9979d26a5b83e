import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The local server (`npm start`) answers `/api/*` on this port. */
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  // Absolute asset URLs: deep links such as /clients/42 are rewritten to /index.html, whose
  // scripts must then still load from /assets/… and not from /clients/assets/….
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Needed by every screen and changes only on upgrades: its own long-cached chunk.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': apiTarget } },
  preview: { proxy: { '/api': apiTarget } },
});
