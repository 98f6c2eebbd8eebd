// Measures what `npm start` costs: cold start (new data folder: initdb, migrations) and warm
// start to healthy, and the idle memory (RSS) of every process of the platform.
// Run: npm run bench. Uses free ports and a scratch data folder; the service ports are fixed.
import { freePort } from '@teamfit/gateway';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The bundled runner, as `npm start` runs it (tools/bundle.mjs).
const RUNNER = path.resolve(__dirname, '../runner.js');

interface Sample {
  startMs: number;
  idleRssMb: number;
  processes: number;
}

function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((pair): pair is [number, number] => pair.length === 2 && !Number.isNaN(pair[0]));
  const result: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    result.push(current);
    for (const [child, parent] of table) if (parent === current) queue.push(child);
  }
  return result;
}

const rssKb = (pids: number[]): number =>
  execFileSync('ps', ['-o', 'rss=', '-p', pids.join(',')], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim())
    .reduce((sum, line) => sum + Number(line.trim()), 0);

async function startOnce(env: NodeJS.ProcessEnv): Promise<Sample> {
  const started = Date.now();
  // As `npm start` runs it (package.json): the runner's own young generation kept small too.
  const child = spawn(process.execPath, ['--max-semi-space-size=1', RUNNER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('ready in')) {
    if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error(`platform did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const pids = descendants(child.pid ?? 0);
  // PostgreSQL runs as the `postgres` user and may not be our child's child when started as root
  // through `su`; descendants() follows the tree either way.
  const sample = { startMs, idleRssMb: Math.round(rssKb(pids) / 1024), processes: pids.length };
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  return sample;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamfit-bench-'));
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    GATEWAY_PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
  };
  try {
    const cold = await startOnce(env);
    const warm = await startOnce(env);
    const row = (name: string, sample: Sample) =>
      `| ${name} | ${(sample.startMs / 1000).toFixed(1)} s | ${sample.idleRssMb} MiB | ${sample.processes} |`;
    console.log('| start | to healthy | idle RSS, all processes | processes |');
    console.log('|---|---|---|---|');
    console.log(row('cold (new data folder)', cold));
    console.log(row('warm (existing data)', warm));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
