// The hub's build (docs/hub.md): run by tools/build.mjs into dist/apps/hub-web. The API's base URL
// is not built in: the serving process fills index.html's teamfit-api-base-url meta.
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const META = '<meta name="teamfit-api-base-url" content="">';

/** In development only (`vite` serving the source), the meta points at a running gateway. */
const developmentApiBaseUrl = {
  name: 'teamfit-development-api-base-url',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace(META, `<meta name="teamfit-api-base-url" content="${process.env.TEAMFIT_API_BASE_URL ?? 'http://localhost:8080'}">`),
};
const repository = path.resolve(here, '../..');

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react(), developmentApiBaseUrl],
  resolve: {
    alias: {
      '@teamfit/api-client': path.join(repository, 'libs/api-client/src/index.ts'),
      '@teamfit/web-ui': path.join(repository, 'libs/web-ui/src/index.ts'),
    },
  },
  build: {
    outDir: path.join(repository, 'dist/apps/hub-web'),
    emptyOutDir: true,
    target: 'es2022',
    // No inline module preload polyfill script: the pages run under a CSP without 'unsafe-inline'.
    modulePreload: { polyfill: false },
    // Keep every asset a file of its own (no data: URLs inlined into CSS or JS).
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: { port: 3001 },
  preview: { port: 3001 },
});
