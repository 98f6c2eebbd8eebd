import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseNodeRuntime, readNodeRuntime, withNodeRuntime } from './node-runtime';

const REPOSITORY_ROOT = path.resolve(__dirname, '../..');

describe('deploy/node-runtime.env', () => {
  it('reads NAME=value lines, skipping blank lines and comments; a value keeps its own "="', () => {
    expect(parseNodeRuntime('# a comment\n\nNODE_OPTIONS=--max-semi-space-size=2\n  MALLOC_MMAP_THRESHOLD_=131072  \n')).toEqual({
      NODE_OPTIONS: '--max-semi-space-size=2',
      MALLOC_MMAP_THRESHOLD_: '131072',
    });
  });

  it('refuses a line that is not NAME=value, naming the line', () => {
    expect(() => parseNodeRuntime('NODE_OPTIONS=x\nexport FOO\n')).toThrow('deploy/node-runtime.env:2');
  });

  it('applies only what the environment does not set', () => {
    expect(withNodeRuntime({ A: '1', B: '2' }, { B: 'mine' })).toEqual({ A: '1' });
  });

  it('changes no V8 flag that Node refuses in NODE_OPTIONS', () => {
    const { NODE_OPTIONS } = readNodeRuntime(REPOSITORY_ROOT);
    expect(
      execFileSync(process.execPath, ['-e', 'process.stdout.write("ok")'], { env: { ...process.env, NODE_OPTIONS }, encoding: 'utf8' }),
    ).toBe('ok');
  });

  it("the images' start script applies the same settings, the environment winning, and runs the service's entry", () => {
    // A stand-in `node` on the PATH prints what it was given instead of starting a service.
    const bin = mkdtempSync(path.join(tmpdir(), 'teamfit-node-runtime-'));
    writeFileSync(
      path.join(bin, 'node'),
      '#!/bin/sh\necho "args=$*"\necho "NODE_OPTIONS=$NODE_OPTIONS"\necho "MALLOC_MMAP_THRESHOLD_=$MALLOC_MMAP_THRESHOLD_"\n',
    );
    chmodSync(path.join(bin, 'node'), 0o755);
    const run = (env: NodeJS.ProcessEnv) =>
      execFileSync('sh', [path.join(REPOSITORY_ROOT, 'deploy', 'start-service.sh'), 'evaluation'], {
        env: { PATH: `${bin}:${process.env['PATH'] ?? ''}`, ...env },
        encoding: 'utf8',
      });
    const runtime = readNodeRuntime(REPOSITORY_ROOT);
    const printed = run({});
    expect(printed).toContain(`args=${REPOSITORY_ROOT}/deploy/../dist/apps/evaluation/src/main.js\n`);
    expect(printed).toContain(`NODE_OPTIONS=${runtime['NODE_OPTIONS']}\n`);
    expect(printed).toContain(`MALLOC_MMAP_THRESHOLD_=${runtime['MALLOC_MMAP_THRESHOLD_']}\n`);
    expect(run({ MALLOC_MMAP_THRESHOLD_: '1048576' })).toContain('MALLOC_MMAP_THRESHOLD_=1048576\n');
  });
});
