import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { waitForPort } from './ports';

export class NginxNotInstalledError extends Error {
  override readonly name = 'NginxNotInstalledError';
}

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

/** Path of Debian's nginx, or of whatever `nginx` is on PATH. */
export function findNginx(): string | undefined {
  for (const candidate of NGINX_CANDIDATES) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // try the next one
    }
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export interface NginxInstance {
  process: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

export interface StartNginxOptions {
  config: string;
  runDir: string;
  port: number;
  onOutput?: (line: string) => void;
}

/** Writes the rendered config into runDir and runs nginx in the foreground until stop(). */
export async function startNginx(options: StartNginxOptions): Promise<NginxInstance> {
  const binary = findNginx();
  if (!binary) throw new NginxNotInstalledError('nginx is not installed (Debian: apt-get install -y nginx)');
  mkdirSync(options.runDir, { recursive: true });
  // nginx's workers (user nobody when started as root) buffer large bodies in here.
  chmodSync(options.runDir, 0o755);
  const configPath = path.join(options.runDir, 'nginx.conf');
  writeFileSync(configPath, options.config);
  execFileSync(binary, ['-t', '-q', '-p', options.runDir, '-e', 'stderr', '-c', configPath], { stdio: 'pipe' });
  const child = spawn(binary, ['-p', options.runDir, '-e', 'stderr', '-c', configPath, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.onOutput?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([
    waitForPort(options.port, 10_000),
    exited.then(() => {
      throw new Error('nginx exited during start');
    }),
  ]);
  return {
    process: child,
    port: options.port,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
