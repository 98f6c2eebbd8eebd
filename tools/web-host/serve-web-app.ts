// A built web app on its own, as its image runs it: `node dist/tools/web-host/serve-web-app.js hub-web`
// (or `admin-web`).
// Settings: PORT (else the port of the app's origin setting), HOST (else every interface) and
// PUBLIC_BASE_URL, the gateway's address as a browser reaches it.
import { startWebAppServer } from '@teamfit/web-host';
import path from 'node:path';
import { portOfOrigin } from '../runner/web-apps';

const ORIGIN_SETTINGS: Record<string, { name: string; fallback: string }> = {
  'admin-web': { name: 'ADMIN_APP_ORIGIN', fallback: 'http://localhost:3000' },
  'hub-web': { name: 'HUB_APP_ORIGIN', fallback: 'http://localhost:3001' },
};

async function main(): Promise<void> {
  const app = process.argv[2] ?? '';
  const origin = ORIGIN_SETTINGS[app];
  if (!origin) throw new Error(`unknown web app "${app}": one of ${Object.keys(ORIGIN_SETTINGS).join(', ')}`);
  const port = process.env['PORT'] ? Number(process.env['PORT']) : portOfOrigin(process.env[origin.name] || origin.fallback);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('invalid configuration: PORT must be a port number (1-65535)');
  const apiBaseUrl = process.env['PUBLIC_BASE_URL'] || 'http://localhost:8080';
  const root = path.resolve(__dirname, '../../apps', app);
  const running = await startWebAppServer({ root, port, apiBaseUrl, ...(process.env['HOST'] ? { host: process.env['HOST'] } : {}) });
  process.stdout.write(`${JSON.stringify({ level: 'log', message: `${app} on port ${port}, calling ${apiBaseUrl}` })}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
