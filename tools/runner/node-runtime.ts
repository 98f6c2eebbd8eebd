import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The Node and glibc settings of every service process (deploy/node-runtime.env), as name → value. */
export type NodeRuntimeSettings = Readonly<Record<string, string>>;

/** Where the settings live, from the repository's root. */
export const NODE_RUNTIME_FILE = path.join('deploy', 'node-runtime.env');

/** `NAME=value` lines; blank lines and `#` comments are skipped. The value is everything after the first `=`. */
export function parseNodeRuntime(text: string): NodeRuntimeSettings {
  const settings: Record<string, string> = {};
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match?.[1] || match[2] === undefined)
      throw new Error(`${NODE_RUNTIME_FILE}:${index + 1}: expected NAME=value, found ${JSON.stringify(line)}`);
    settings[match[1]] = match[2];
  }
  return settings;
}

export function readNodeRuntime(repositoryRoot: string): NodeRuntimeSettings {
  return parseNodeRuntime(readFileSync(path.join(repositoryRoot, NODE_RUNTIME_FILE), 'utf8'));
}

/** The settings for a process started with `env`: a variable `env` sets already keeps its value. */
export function withNodeRuntime(settings: NodeRuntimeSettings, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const applied: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(settings)) if (env[name] === undefined) applied[name] = value;
  return applied;
}
