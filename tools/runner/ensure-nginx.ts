import { execFileSync } from 'node:child_process';
import { findNginx } from '@teamfit/gateway';

/** nginx from Debian's packages: installed on the spot when running as root, else a clear error. */
export function ensureNginx(log: (line: string) => void): string {
  const existing = findNginx();
  if (existing) return existing;
  if (process.getuid?.() !== 0) {
    throw new Error('nginx is not installed: run "sudo apt-get install -y nginx" and start again');
  }
  log('nginx is missing: installing it with apt-get (once)');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const installed = findNginx();
  if (!installed) throw new Error('nginx could not be installed with apt-get');
  return installed;
}
