import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The library: dist/lib/attention-lab.js plus the one .wasm it loads.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: resolve(import.meta.dirname, 'dist/lib'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    lib: {
      entry: resolve(import.meta.dirname, 'web/lib/attention-lab.ts'),
      formats: ['es'],
      fileName: () => 'attention-lab.js',
    },
  },
});
