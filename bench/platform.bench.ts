// Measures what `npm start` costs: cold start (new data folder: initdb, migrations) and warm
// start to healthy, when each part became ready, and the idle memory (RSS) of every process of
// the platform, by part.
// Run: npm run bench. Uses free ports and a scratch data folder; the service ports are fixed.
// BENCH_BASE=<another checkout, built> measures that tree's `npm start` too, alternating with this
// one, so two versions compare in one run on a noisy machine, on the Node binary BENCH_BASE_NODE
// names (this benchmark's own by default); BENCH_ROUNDS (default 1) repeats.
import { answersOk, READINESS_PATH, SERVICE_NAMES, SERVICES, type ServiceName } from '@teamfit/common/services';
import { freePort } from '@teamfit/gateway';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const THIS_TREE = path.resolve(__dirname, '../..');
const IDLE_MS = 10_000;

interface Sample {
  startMs: number;
  /** Milliseconds from the spawn of the runner until each part was ready. */
  timeline: Record<string, number>;
  rssMiB: Record<string, number>;
  processes: number;
}

/** The command `npm start` runs after its build, from the tree's package.json. */
function startCommand(tree: string): string[] {
  const script =
    (JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['start'] ?? '';
  const command = script.split('&&').pop()?.trim().split(/\s+/) ?? [];
  if (command[0] !== 'node') throw new Error(`${tree}: npm start does not end in a node command: ${script}`);
  return command.slice(1).map((arg) => (arg.startsWith('dist/') ? path.join(tree, arg) : arg));
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

/** Which part of the platform a process is: the runner, a service by name, postgres or nginx. */
function partOf(pid: number, runnerPid: number): string {
  if (pid === runnerPid) return 'runner';
  let args = '';
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return 'other'; // ended since it was listed
  }
  const service = SERVICE_NAMES.find(
    (name) => args.includes(`apps/${name}/src/main.js`) || args.includes(`services.js ${name}`) /* a version that ran a bundle */,
  );
  if (service) return service;
  return args.startsWith('nginx') ? 'nginx' : args.includes('postgres') ? 'postgres' : 'other';
}

/** A process's resident memory; 0 for one that ended since it was listed (a short-lived PostgreSQL backend). */
function rssKiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function startOnce(tree: string, env: NodeJS.ProcessEnv): Promise<Sample> {
  const started = Date.now();
  const timeline: Record<string, number> = {};
  const node = tree === THIS_TREE ? process.execPath : (process.env['BENCH_BASE_NODE'] ?? process.execPath);
  const child = spawn(node, startCommand(tree), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
    for (const [part, marker] of [
      ['postgres', 'embedded PostgreSQL on'],
      ['maildev', 'MailDev: SMTP'],
      ['ready', 'ready in'],
    ] as const) {
      if (timeline[part] === undefined && output.includes(marker)) timeline[part] = Date.now() - started;
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  // Each service's readiness as a client sees it, polled alongside the runner's own probes.
  const pending = new Set<ServiceName>(SERVICE_NAMES);
  while (timeline['ready'] === undefined) {
    if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error(`platform did not start:\n${output}`);
    await Promise.all(
      [...pending].map(async (name) => {
        if (await answersOk(SERVICES[name].port, READINESS_PATH)) {
          timeline[name] = Date.now() - started;
          pending.delete(name);
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startMs = timeline['ready'];
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const pids = descendants(child.pid ?? 0);
  const rssMiB: Record<string, number> = {};
  for (const pid of pids) {
    const part = partOf(pid, child.pid ?? 0);
    rssMiB[part] = (rssMiB[part] ?? 0) + rssKiB(pid) / 1024;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  return { startMs, timeline, rssMiB, processes: pids.length };
}

async function scratchEnv(): Promise<{ env: NodeJS.ProcessEnv; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamfit-bench-'));
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    GATEWAY_PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    ADMIN_APP_ORIGIN: `http://localhost:${await freePort()}`,
    HUB_APP_ORIGIN: `http://localhost:${await freePort()}`,
  };
  return { env, dataDir };
}

const total = (sample: Sample) => Object.values(sample.rssMiB).reduce((sum, value) => sum + value, 0);
const seconds = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));

function print(rows: Array<{ tree: string; kind: string; sample: Sample }>): void {
  const parts = ['runner', ...SERVICE_NAMES, 'postgres', 'nginx'];
  console.log('| tree | start | to healthy | idle RSS, all processes | processes |');
  console.log('|---|---|---|---|---|');
  for (const { tree, kind, sample } of rows)
    console.log(`| ${tree} | ${kind} | ${seconds(sample.startMs)} s | ${Math.round(total(sample))} MiB | ${sample.processes} |`);
  console.log(`\nIdle RSS by part, MiB\n| tree | start | ${parts.join(' | ')} |\n|${'---|'.repeat(parts.length + 2)}`);
  for (const { tree, kind, sample } of rows)
    console.log(`| ${tree} | ${kind} | ${parts.map((part) => (sample.rssMiB[part] ?? 0).toFixed(0)).join(' | ')} |`);
  const steps = ['postgres', 'maildev', ...SERVICE_NAMES, 'ready'];
  console.log(
    `\nSeconds from the runner's spawn until each part was ready\n| tree | start | ${steps.join(' | ')} |\n|${'---|'.repeat(steps.length + 2)}`,
  );
  for (const { tree, kind, sample } of rows)
    console.log(`| ${tree} | ${kind} | ${steps.map((step) => seconds(sample.timeline[step])).join(' | ')} |`);
}

async function main(): Promise<void> {
  const base = process.env['BENCH_BASE'];
  const trees = [{ name: 'this', root: THIS_TREE }, ...(base ? [{ name: 'base', root: path.resolve(base) }] : [])];
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? '1');
  const scratch = await Promise.all(trees.map(() => scratchEnv()));
  const rows: Array<{ tree: string; kind: string; sample: Sample }> = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      // Cold: a new data folder each round; warm: the same folder again. Trees alternate.
      for (const kind of ['cold', 'warm']) {
        for (const [index, tree] of trees.entries()) {
          const own = scratch[index];
          if (!own) continue;
          if (kind === 'cold' && round > 0) {
            rmSync(own.dataDir, { recursive: true, force: true });
            const fresh = await scratchEnv();
            Object.assign(own, fresh);
          }
          rows.push({ tree: tree.name, kind, sample: await startOnce(tree.root, own.env) });
        }
      }
    }
    print(rows);
  } finally {
    for (const own of scratch) rmSync(own.dataDir, { recursive: true, force: true });
  }
}

void main();
