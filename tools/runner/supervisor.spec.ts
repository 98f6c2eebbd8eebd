// Real child processes (tiny Node scripts) under the supervisor, with a fast restart policy.
import { type ManagedChild, spawnManaged } from './child-process';
import { DEFAULT_RESTART_POLICY, type RestartPolicy, SupervisedProcess } from './supervisor';

const LIVES = 'setInterval(() => undefined, 60000)';
const DIES = 'process.exit(3)';
const DIES_LATER = 'setTimeout(() => process.exit(3), 150)';

interface Harness {
  supervisor: SupervisedProcess;
  spawned: ManagedChild[];
  lines: string[];
  fatal: string[];
  delays: number[];
}

/** `scripts(n)` is the code of the n-th process started (0-based). */
function harness(
  scripts: (n: number) => string,
  options: { policy?: Partial<RestartPolicy>; ready?: (child: ManagedChild, n: number) => Promise<void> } = {},
): Harness {
  const spawned: ManagedChild[] = [];
  const lines: string[] = [];
  const fatal: string[] = [];
  const delays: number[] = [];
  const supervisor = new SupervisedProcess({
    label: 'the probe service (instance 2 of 2, port 1)',
    spawn: () => {
      const child = spawnManaged('probe', 0, process.execPath, ['-e', scripts(spawned.length)], process.env);
      spawned.push(child);
      return child;
    },
    ready: (child) => options.ready?.(child, spawned.indexOf(child)) ?? Promise.resolve(),
    log: (line) => lines.push(line),
    onFatal: (line) => fatal.push(line),
    policy: {
      maxRestarts: 5,
      windowMs: 60_000,
      ...options.policy,
      delayMs: (restarts) => {
        delays.push(restarts);
        return options.policy?.delayMs?.(restarts) ?? 10;
      },
    },
  });
  return { supervisor, spawned, lines, fatal, delays };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SupervisedProcess', () => {
  let running: Harness | undefined;
  afterEach(async () => {
    await running?.supervisor.stop();
    running = undefined;
  });

  it('before supervise(), a death is fatal and names the process, how it ended and its pid', async () => {
    running = harness(() => DIES);
    const child = running.supervisor.start();
    await child.exited;
    expect(running.fatal).toEqual([
      `the probe service (instance 2 of 2, port 1) exited unexpectedly (code 3, pid ${String(child.process.pid)}): stopping the platform`,
    ]);
    expect(running.spawned).toHaveLength(1);
  });

  it('after supervise(), a killed process is reported and started again', async () => {
    running = harness(() => LIVES);
    const first = running.supervisor.start();
    running.supervisor.supervise();
    first.process.kill('SIGKILL');
    await until(() => running?.lines.some((line) => line.includes('is back')) ?? false, 'the restart');
    const second = running.spawned[1];
    expect(running.spawned).toHaveLength(2);
    expect(second?.process.pid).not.toBe(first.process.pid);
    expect(second?.process.exitCode).toBeNull();
    expect(running.supervisor.child).toBe(second);
    expect(running.lines[0]).toBe(
      `the probe service (instance 2 of 2, port 1) exited unexpectedly (SIGKILL, pid ${String(first.process.pid)}): restarting it in 0.0 s`,
    );
    expect(running.lines[1]).toMatch(
      new RegExp(
        `^the probe service \\(instance 2 of 2, port 1\\) is back \\(pid ${String(second?.process.pid)}\\), \\d+\\.\\d s after it exited$`,
      ),
    );
    expect(running.fatal).toEqual([]);
  });

  it('stops the platform on the death after the fifth restart within the window, backing off in between', async () => {
    running = harness((n) => (n === 0 ? LIVES : DIES));
    running.supervisor.start().process.kill('SIGKILL');
    running.supervisor.supervise();
    await until(() => (running?.fatal.length ?? 0) > 0, 'the crash loop');
    expect(running.spawned).toHaveLength(6);
    expect(running.delays).toEqual([0, 1, 2, 3, 4]);
    const last = running.spawned[5]?.process.pid;
    expect(running.fatal).toEqual([
      `the probe service (instance 2 of 2, port 1) exited unexpectedly (code 3, pid ${String(last)}) after 5 restarts within 60.0 s: a crash loop, stopping the platform`,
    ]);
  });

  it('forgets restarts older than the window: deaths spread out are never a crash loop', async () => {
    // Each restarted process lives 150 ms, longer than the window: no death sees an earlier restart.
    running = harness((n) => (n === 0 ? LIVES : DIES_LATER), { policy: { windowMs: 100, delayMs: () => 10 } });
    running.supervisor.start().process.kill('SIGKILL');
    running.supervisor.supervise();
    await until(() => (running?.spawned.length ?? 0) >= 8, 'eight starts');
    expect(running.fatal).toEqual([]);
    expect(running.delays.every((restarts) => restarts === 0)).toBe(true);
  });

  it('kills a restarted process that does not serve, and counts that as a death', async () => {
    running = harness(() => LIVES, {
      ready: (_child, n) => (n === 1 ? Promise.reject(new Error('no answer on /health within 30 s')) : Promise.resolve()),
    });
    running.supervisor.start();
    running.supervisor.supervise();
    running.spawned[0]?.process.kill('SIGKILL');
    await until(() => running?.lines.some((line) => line.includes('is back')) ?? false, 'the second restart');
    expect(running.spawned).toHaveLength(3);
    expect(running.spawned[1]?.process.signalCode).toBe('SIGKILL');
    expect(running.lines).toContain(
      'the probe service (instance 2 of 2, port 1) did not come back: no answer on /health within 30 s; killing it',
    );
  });

  it('stop() ends the process and cancels a pending restart', async () => {
    running = harness(() => LIVES, { policy: { delayMs: () => 200 } });
    const first = running.supervisor.start();
    running.supervisor.supervise();
    first.process.kill('SIGKILL');
    await first.exited;
    await running.supervisor.stop();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(running.spawned).toHaveLength(1);
    expect(running.fatal).toEqual([]);
  });

  it('the default policy: five restarts a minute, 0.5 s doubling to at most 8 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((restarts) => DEFAULT_RESTART_POLICY.delayMs(restarts))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(DEFAULT_RESTART_POLICY.maxRestarts).toBe(5);
    expect(DEFAULT_RESTART_POLICY.windowMs).toBe(60_000);
  });
});
