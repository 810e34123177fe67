import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The site: lesson pages and the iframe embed, from web/ into dist/.
export default defineConfig({
  root: 'web',
  base: './',
  publicDir: resolve(import.meta.dirname, 'public'),
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'web/index.html'),
      },
    },
  },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
});
