import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..').replace(/[\\/]dist$/, '');

/** Apps that own a drizzle schema (apps/<name>/drizzle.config.ts). */
export function servicesWithSchema(): string[] {
  return readdirSync(path.join(ROOT, 'apps')).filter((name) => {
    try {
      return readdirSync(path.join(ROOT, 'apps', name)).includes('drizzle.config.ts');
    } catch {
      return false;
    }
  });
}

export function drizzleKitGenerate(service: string, extraEnv: Record<string, string> = {}, name?: string): string {
  const args = ['drizzle-kit', 'generate', '--config', `apps/${service}/drizzle.config.ts`];
  if (name) args.push('--name', name);
  return execFileSync('npx', args, {
    cwd: ROOT,
    env: { ...process.env, ...extraEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
