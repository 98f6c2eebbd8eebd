// `npm run test:postman`: starts the platform from an empty data folder, runs docs/walkthrough.md's
// commands (tools/postman/walkthrough.ts) while the platform is as new as a reader's first
// `npm start`, runs the flow collection (postman/teamfit-flow.postman_collection.json) with newman
// in the npm start environment, runs `npm run demo`'s seeding twice and checks the second run
// reuses everything, then stops the platform. Exits 1 on any failed assertion.
// `npm run test:postman -- --walkthrough` runs the walk-through alone. Uses the services' fixed
// ports: run it under `flock /tmp/platform.lock` where others may start the platform too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runDemo } from '../demo/run-demo';
import { inboxAuthorization, readInboxCredentials } from '../runner/inbox-credentials';
import { demoIdempotenceFailures } from './demo-idempotence';
import { type ScratchPlatform, startScratchPlatform } from './scratch-platform';
import { readWalkthrough, runWalkthrough } from './walkthrough';

const ROOT = path.resolve(__dirname, '../..').replace(/[\\/]dist$/, '');
const started = Date.now();
const log = (line: string) => console.log(`[test:postman ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

function runNewman(platform: ScratchPlatform): Promise<number> {
  const inbox = readInboxCredentials(platform.dataDir);
  const args = [
    require.resolve('newman/bin/newman.js'),
    'run',
    path.join(ROOT, 'postman', 'teamfit-flow.postman_collection.json'),
    '--environment',
    path.join(ROOT, 'postman', 'local.postman_environment.json'),
    // The same environment, pointed at this platform's gateway and inbox.
    '--env-var',
    `baseUrl=${platform.gatewayUrl}`,
    '--env-var',
    `mailApiUrl=${platform.mailApiUrl}`,
    '--env-var',
    `mailUser=${inbox.user}`,
    '--env-var',
    `mailPassword=${inbox.password}`,
    '--bail',
    '--timeout-request',
    '30000',
    '--reporter-cli-no-success-assertions',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function checkDemo(platform: ScratchPlatform): Promise<string[]> {
  const options = {
    gatewayUrl: platform.gatewayUrl,
    mailApiUrl: platform.mailApiUrl,
    mailAuthorization: inboxAuthorization(readInboxCredentials(platform.dataDir)),
    adminEmail: process.env['ADMIN_EMAIL'] || 'admin@teamfit.local' };
  log('demo data, first run');
  const first = await runDemo({ ...options, log: (line) => log(`demo: ${line}`) });
  log(`first run: ${first.created} written, ${first.reused} found`);
  log('demo data, second run');
  const second = await runDemo(options);
  log(`second run: ${second.created} written, ${second.reused} found`);
  return demoIdempotenceFailures(first, second, platform.gatewayUrl);
}

async function checkWalkthrough(platform: ScratchPlatform): Promise<boolean> {
  log('docs/walkthrough.md, every block in order');
  const target = {
    gatewayUrl: platform.gatewayUrl,
    inboxUrl: new URL(platform.mailApiUrl).origin,
    adminEmail: process.env['ADMIN_EMAIL'] || undefined,
    dataDir: platform.dataDir,
  };
  const { failures } = await runWalkthrough(readWalkthrough(ROOT), target);
  for (const failure of failures) log(`walkthrough: ${failure}`);
  return failures.length === 0;
}

async function main(): Promise<number> {
  const walkthroughOnly = process.argv.includes('--walkthrough');
  log('starting the platform from an empty data folder');
  const platform = await startScratchPlatform();
  const stopOnSignal = () => void platform.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    if (!(await checkWalkthrough(platform))) return 1;
    if (walkthroughOnly) {
      log('the walk-through passed');
      return 0;
    }
    log(`flow collection with newman against ${platform.gatewayUrl}`);
    const newman = await runNewman(platform);
    if (newman !== 0) {
      log(`the flow collection failed (newman exit code ${newman})`);
      return 1;
    }
    const failures = await checkDemo(platform);
    for (const failure of failures) log(`demo: ${failure}`);
    if (failures.length > 0) return 1;
    log('flow collection passed; the demo runs twice without duplicates');
    return 0;
  } finally {
    log('stopping the platform');
    await platform.stop();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    log(`failed: ${(error as Error).message}`);
    process.exit(1);
  });
