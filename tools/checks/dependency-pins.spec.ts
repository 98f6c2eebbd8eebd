// Every dependency is pinned to one exact version (docs/adr/0005-dependency-pins-and-install-scripts.md),
// and the update bot keeps it so (renovate.json, docs/adr/0072-dependency-updates-by-renovate.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const json = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

describe('dependency pins', () => {
  const manifest = json<Manifest>('package.json');

  it.each(['dependencies', 'devDependencies', 'optionalDependencies'] as const)('every entry of %s is one exact version', (field) => {
    for (const [name, version] of Object.entries(manifest[field] ?? {}))
      expect({ name, version, exact: EXACT.test(version) }).toEqual({ name, version, exact: true });
  });

  it('the update bot pins what it updates, on a schedule, majors only after approval', () => {
    const renovate = json<{ rangeStrategy?: string; schedule?: string[]; packageRules?: Array<Record<string, unknown>> }>('renovate.json');
    expect(renovate.rangeStrategy).toBe('pin');
    expect(renovate.schedule?.length).toBeGreaterThan(0);
    expect(renovate.packageRules).toContainEqual({ matchUpdateTypes: ['major'], dependencyDashboardApproval: true });
  });
});
