// The whole platform as `npm start` runs it, but from an empty data folder in a temp directory and
// with its own gateway, PostgreSQL and MailDev ports, so every run starts clean. The services'
// ports are fixed: nothing else may run the platform meanwhile (the runner says so if one does).
import { freePort } from '@teamfit/gateway';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The runner's entry in dist/, as `npm start` runs it.
const RUNNER = path.resolve(__dirname, '../runner/start.js');

export interface ScratchPlatform {
  gatewayUrl: string;
  mailApiUrl: string;
  /** Its data folder, where the runner keeps the inbox's credentials. */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startScratchPlatform(timeoutMs = 120_000): Promise<ScratchPlatform> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamfit-postman-'));
  // PostgreSQL runs as its own user when started as root: it must reach its data folder.
  chmodSync(dataDir, 0o755);
  const [gatewayPort, postgresPort, smtpPort, inboxPort, hubPort, adminPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const gatewayUrl = `http://localhost:${gatewayPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    GATEWAY_PORT: String(gatewayPort),
    EMBEDDED_POSTGRES_PORT: String(postgresPort),
    MAILDEV_SMTP_PORT: String(smtpPort),
    MAILDEV_WEB_PORT: String(inboxPort),
    PUBLIC_BASE_URL: gatewayUrl,
    ADMIN_APP_ORIGIN: `http://localhost:${adminPort}`,
    HUB_APP_ORIGIN: `http://localhost:${hubPort}`,
  };
  // Its own database and MailDev, whatever this shell points at.
  delete env['DATABASE_URL'];
  delete env['SMTP_URL'];
  const runner = spawn(process.execPath, [RUNNER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Kept, and shown only when the platform does not start.
  let output = '';
  runner.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  runner.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => runner.once('exit', () => resolve()));
  const stop = async () => {
    if (runner.exitCode === null && runner.signalCode === null) {
      // The runner stops the services, nginx, MailDev and PostgreSQL on SIGTERM.
      runner.kill('SIGTERM');
      const timer = setTimeout(() => runner.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (!output.includes('[platform] ready in')) {
    if (runner.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the platform did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { gatewayUrl, mailApiUrl: `http://localhost:${inboxPort}/api/email`, dataDir, stop };
}
