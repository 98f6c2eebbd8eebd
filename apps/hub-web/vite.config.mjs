// The hub's build (docs/hub.md): run by tools/build.mjs into dist/apps/hub-web, with the web apps'
// shared settings (tools/web-app-vite-config.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webAppViteConfig } from '../../tools/web-app-vite-config.mjs';

export default webAppViteConfig({ root: path.dirname(fileURLToPath(import.meta.url)), app: 'hub-web', port: 3001 });
