// The web apps' shared Vite settings (apps/hub-web, apps/admin-web; docs/hub.md, docs/admin.md):
// each app's vite.config.mjs names its folder, its output and its development port. The API's
// base URL is not built in: the serving process fills index.html's teamfit-api-base-url meta.
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const META = '<meta name="teamfit-api-base-url" content="">';

/** In development only (`vite` serving the source), the meta points at a running gateway. */
const developmentApiBaseUrl = {
  name: 'teamfit-development-api-base-url',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace(META, `<meta name="teamfit-api-base-url" content="${process.env.TEAMFIT_API_BASE_URL ?? 'http://localhost:8080'}">`),
};

/**
 * @param {{ root: string, app: string, port: number }} options the app's folder, its name under
 *   dist/apps/ and its development port (the port of its origin under `npm start`)
 */
export function webAppViteConfig({ root, app, port }) {
  return defineConfig({
    root,
    base: '/',
    plugins: [react(), developmentApiBaseUrl],
    resolve: {
      alias: {
        '@teamfit/api-client': path.join(repository, 'libs/api-client/src/index.ts'),
        '@teamfit/web-ui': path.join(repository, 'libs/web-ui/src/index.ts'),
      },
    },
    build: {
      outDir: path.join(repository, 'dist/apps', app),
      emptyOutDir: true,
      target: 'es2022',
      // No inline module preload polyfill script: the pages run under a CSP without 'unsafe-inline'.
      modulePreload: { polyfill: false },
      // Keep every asset a file of its own (no data: URLs inlined into CSS or JS).
      assetsInlineLimit: 0,
      reportCompressedSize: false,
    },
    server: { port },
    preview: { port },
  });
}
