// Vite builds the table page from src/web into src/web/dist, which the server serves as static files.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: `${root}/dist`,
    emptyOutDir: true,
    // the engine and four rulesets are one chunk the page needs anyway; no warning for it
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // zod's sources carry comments Rollup cannot place; harmless, and not ours to fix
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
    },
  },
  server: {
    // `npm run dev:web` against a running server: SKIRMISH_API=http://localhost:8080
    proxy: process.env.SKIRMISH_API
      ? { '/api': { target: process.env.SKIRMISH_API, ws: true } }
      : undefined,
  },
});
