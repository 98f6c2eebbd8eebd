import { execFileSync } from 'node:child_process';

/**
 * A command from Debian's packages (nginx for the gateway, wrk for the benchmarks): found where it
 * is, installed on the spot when running as root, else a clear error saying how.
 */
export function ensureCommand(options: { packageName: string; find: () => string | undefined; log: (line: string) => void }): string {
  const { packageName, find, log } = options;
  const existing = find();
  if (existing) return existing;
  if (process.getuid?.() !== 0) {
    throw new Error(`${packageName} is not installed: run "sudo apt-get install -y ${packageName}" and start again`);
  }
  log(`${packageName} is missing: installing it with apt-get (once)`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', packageName], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = find();
  if (!installed) throw new Error(`${packageName} could not be installed with apt-get`);
  return installed;
}

/** The path of a command on PATH, if any. */
export function commandOnPath(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
