import { type ChildProcess, spawn } from 'node:child_process';

const COLOURS = [36, 35, 33, 32, 34, 31, 90];

/** Prefixes every line a child writes with its name, so five logs stay readable in one terminal. */
export function pipeWithPrefix(child: ChildProcess, name: string, index: number): void {
  const colour = COLOURS[index % COLOURS.length] ?? 0;
  const prefix = process.stdout.isTTY ? `\u001b[${colour}m[${name}]\u001b[0m ` : `[${name}] `;
  const forward = (stream: NodeJS.WritableStream) => {
    let pending = '';
    return (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) stream.write(`${prefix}${line}\n`);
    };
  };
  child.stdout?.on('data', forward(process.stdout));
  child.stderr?.on('data', forward(process.stderr));
}

export interface ManagedChild {
  name: string;
  process: ChildProcess;
  /** Settles once the process has exited, however it ended. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** Whether the process has neither exited nor been ended by a signal yet. */
export const isRunning = (child: ManagedChild): boolean => child.process.exitCode === null && child.process.signalCode === null;

export function spawnManaged(
  name: string,
  index: number,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: {
    /** An IPC channel lets a Node child notice that the runner is gone, however it ended. */
    ipc?: boolean;
    /** Run as this user and group (PostgreSQL as root). */
    uid?: number;
    gid?: number;
    /** How stop() asks the process to end; SIGTERM by default (PostgreSQL's fast shutdown is SIGINT). */
    stopSignal?: NodeJS.Signals;
    /** Its output is not shown. */
    quiet?: boolean;
  } = {},
): ManagedChild {
  const child = spawn(command, args, {
    env,
    stdio: options.ipc
      ? ['ignore', 'pipe', 'pipe', 'ipc']
      : ['ignore', options.quiet ? 'ignore' : 'pipe', options.quiet ? 'ignore' : 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  });
  if (!options.quiet) pipeWithPrefix(child, name, index);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    process: child,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(options.stopSignal ?? 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
