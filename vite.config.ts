// Vite config for the web app: path aliases shared with vitest and the server runner, API proxy for `npm run dev`,
// and a split of the heavy map libraries into their own chunk.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script without types
import { buildI18n } from './scripts/build-i18n.mjs';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = [
  { find: /^engine$/, replacement: r('./engine/index.ts') },
  { find: /^engine\/(.*)$/, replacement: r('./engine/$1') },
  { find: /^layers$/, replacement: r('./layers/index.ts') },
  { find: /^layers\/(.*)$/, replacement: r('./layers/$1') },
  { find: /^common\/(.*)$/, replacement: r('./common/$1') },
];

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8081}`;

export default defineConfig({
  resolve: { alias },
  plugins: [{ name: 'i18n-merge', buildStart() { buildI18n(); } }],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      // Libraries ship "use client" directives meant for server components; they are meaningless in this SPA bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        manualChunks(id: string) {
          if (/node_modules\/(maplibre-gl|@deck\.gl|@luma\.gl|@loaders\.gl|@math\.gl|react-map-gl|@deck\.gl-community)/.test(id)) return 'map';
          return undefined;
        },
      },
    },
  },
});
