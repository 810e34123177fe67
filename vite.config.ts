import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The site: lesson pages and the iframe embed, from web/ into dist/.
export default defineConfig({
  root: 'web',
  base: './',
  publicDir: resolve(__dirname, 'public'),
  build: {
    outDir: resolve(__dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        index: resolve(__dirname, 'web/index.html'),
      },
    },
  },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
});
