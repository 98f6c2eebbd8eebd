import { isRunning, type ManagedChild } from './child-process';

/** When a process that died is started again, and when its deaths are a crash loop instead. */
export interface RestartPolicy {
  /** Restarts allowed within `windowMs`; a death after that many is a crash loop. */
  maxRestarts: number;
  windowMs: number;
  /** The wait before a restart, given how many restarts the window already holds. */
  delayMs: (restartsInWindow: number) => number;
}

/**
 * Five restarts a minute, 0.5 s after the first death, doubling up to 8 s: a process killed once
 * is back within seconds; one that cannot start stops the platform within about a minute
 * (0.5 + 1 + 2 + 4 + 8 s of waiting plus five start attempts) instead of restarting forever.
 */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxRestarts: 5,
  windowMs: 60_000,
  delayMs: (restarts) => Math.min(500 * 2 ** restarts, 8_000),
};

export interface SupervisedProcessOptions {
  /** Names the process in every line: `the evaluation service (instance 2 of 2, port 10103)`. */
  label: string;
  spawn: () => ManagedChild;
  /** Resolves once the process serves; rejects when it will not (timeout, or it exited). */
  ready: (child: ManagedChild) => Promise<void>;
  log: (line: string) => void;
  /** The process died before supervise(), or in a crash loop: the owner stops everything. */
  onFatal: (line: string) => void;
  policy?: RestartPolicy;
}

const how = (code: number | null, signal: NodeJS.Signals | null): string => signal ?? `code ${String(code)}`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * One process kept running: until supervise() a death is fatal (a service that cannot start is a
 * configuration problem, not something to retry); after it, a death is reported and the process
 * started again with back-off while the other instances serve, and only a crash loop is fatal.
 */
export class SupervisedProcess {
  private readonly policy: RestartPolicy;
  private current: ManagedChild | undefined;
  private supervising = false;
  private stopping = false;
  private restarts: number[] = [];
  private pending: NodeJS.Timeout | undefined;

  constructor(private readonly options: SupervisedProcessOptions) {
    this.policy = options.policy ?? DEFAULT_RESTART_POLICY;
  }

  /** The process now running, if any. */
  get child(): ManagedChild | undefined {
    return this.current;
  }

  start(): ManagedChild {
    const child = this.options.spawn();
    this.current = child;
    child.process.once('exit', (code, signal) => this.exited(child, code, signal));
    return child;
  }

  /** Resolves once `child` (started by start()) serves; rejects when it will not. */
  ready(child: ManagedChild): Promise<void> {
    return this.options.ready(child);
  }

  supervise(): void {
    this.supervising = true;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.pending);
    await this.current?.stop();
  }

  private exited(child: ManagedChild, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping || child !== this.current) return;
    const { label, log, onFatal } = this.options;
    const death = `${label} exited unexpectedly (${how(code, signal)}, pid ${String(child.process.pid)})`;
    if (!this.supervising) return onFatal(`${death}: stopping the platform`);
    const diedAt = Date.now();
    this.restarts = this.restarts.filter((at) => diedAt - at < this.policy.windowMs);
    if (this.restarts.length >= this.policy.maxRestarts) {
      return onFatal(
        `${death} after ${this.restarts.length} restarts within ${seconds(this.policy.windowMs)}: a crash loop, stopping the platform`,
      );
    }
    const delay = this.policy.delayMs(this.restarts.length);
    log(`${death}: restarting it in ${seconds(delay)}`);
    this.pending = setTimeout(() => void this.restart(diedAt), delay);
  }

  private async restart(diedAt: number): Promise<void> {
    if (this.stopping) return;
    this.restarts.push(Date.now());
    const child = this.start();
    try {
      await this.options.ready(child);
      if (child === this.current && !this.stopping)
        this.options.log(
          `${this.options.label} is back (pid ${String(child.process.pid)}), ${seconds(Date.now() - diedAt)} after it exited`,
        );
    } catch (error) {
      // Alive but not serving: ended, so that its exit counts like any other death.
      if (child === this.current && !this.stopping && isRunning(child)) {
        this.options.log(`${this.options.label} did not come back: ${(error as Error).message}; killing it`);
        child.process.kill('SIGKILL');
      }
    }
  }
}
