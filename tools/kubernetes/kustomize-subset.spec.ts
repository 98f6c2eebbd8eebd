// The renderer against small kustomizations. Each expected output is what kubectl's kustomize
// (v5) printed for the same files (its order of objects aside: kustomize sorts them by kind), so
// the subset renders as kustomize does.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mergePatch, renderKustomization } from './kustomize-subset';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kustomize-subset-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

const KUSTOMIZATION = 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n';
const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: { name: x }
spec:
  selector: { matchLabels: { app: x } }
  template:
    spec:
      containers:
        - name: a
          image: teamfit/a
          env: [{ name: A, value: '1' }, { name: B, value: '2' }, { name: C, value: '3' }, { name: D, value: '4' }]
          volumeMounts: [{ name: v, mountPath: /v }, { name: w, mountPath: /w }]
          args: [one, two]
        - name: b
          image: teamfit/b:1.0
---
# a comment alone is no object
---
apiVersion: v1
kind: Service
metadata: { name: x }
spec: { ports: [{ port: 80 }] }
`;

describe('renderKustomization', () => {
  it('takes the objects of a base through an overlay: namespace, images, replicas and a patch', () => {
    write({
      'base/kustomization.yaml': `${KUSTOMIZATION}namespace: first\nresources: [objects.yaml]\n`,
      'base/objects.yaml': DEPLOYMENT,
      'overlay/kustomization.yaml': `${KUSTOMIZATION}namespace: second
resources: [../base]
images:
  - { name: teamfit/a, newName: registry.example.com/a, newTag: '2.0' }
  - { name: teamfit/b, newName: registry.example.com/b }
replicas: [{ name: x, count: 3 }]
patches: [{ path: patch.yaml }]
`,
      'overlay/patch.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: { name: x }
spec:
  template:
    spec:
      containers:
        - name: b
          image: teamfit/b:1.0
        - name: a
          env: [{ name: C, value: '9' }, { name: E, value: '5' }, { name: A, value: '8' }]
          volumeMounts: [{ name: w2, mountPath: /w }]
          args: [three]
      selector: null
`,
    });
    const [deployment, service] = renderKustomization(path.join(root, 'overlay'));
    expect(service).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'x', namespace: 'second' },
      spec: { ports: [{ port: 80 }] },
    });
    expect(deployment).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x', namespace: 'second' },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'x' } },
        template: {
          spec: {
            containers: [
              { name: 'b', image: 'registry.example.com/b:1.0' },
              {
                name: 'a',
                image: 'registry.example.com/a:2.0',
                env: [
                  { name: 'C', value: '9' },
                  { name: 'E', value: '5' },
                  { name: 'A', value: '8' },
                  { name: 'B', value: '2' },
                  { name: 'D', value: '4' },
                ],
                volumeMounts: [
                  { name: 'w2', mountPath: '/w' },
                  { name: 'v', mountPath: '/v' },
                ],
                args: ['three'],
              },
            ],
          },
        },
      },
    });
  });

  it.each([
    [
      'a field of kustomize outside the subset',
      `${KUSTOMIZATION}resources: [objects.yaml]\ncommonLabels: { a: b }\n`,
      /commonLabels is not in the subset/,
    ],
    [
      'an image without a container',
      `${KUSTOMIZATION}resources: [objects.yaml]\nimages: [{ name: teamfit/c, newTag: '1' }]\n`,
      /no container runs teamfit\/c/,
    ],
    [
      'an image digest',
      `${KUSTOMIZATION}resources: [objects.yaml]\nimages: [{ name: teamfit/a, digest: sha256:00 }]\n`,
      /digest is not in the subset/,
    ],
    [
      'replicas of no Deployment',
      `${KUSTOMIZATION}resources: [objects.yaml]\nreplicas: [{ name: y, count: 2 }]\n`,
      /"y" is not one Deployment/,
    ],
    ['a missing resource', `${KUSTOMIZATION}resources: [missing.yaml]\n`, /missing.yaml does not exist/],
    ['another kind of file', 'apiVersion: v1\nkind: ConfigMap\n', /is not a kustomize.config.k8s.io\/v1beta1 Kustomization/],
  ])('refuses %s', (_case, kustomization, message) => {
    write({ 'kustomization.yaml': kustomization, 'objects.yaml': DEPLOYMENT });
    expect(() => renderKustomization(root)).toThrow(message);
  });

  it.each([
    ['a patch of no object', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: y }\n', /matches 0 objects, not one/],
    ['a directive', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: x }\n$patch: delete\n', /directive \$patch/],
    [
      'a list kustomize merges by a key the subset does not know',
      'apiVersion: v1\nkind: Service\nmetadata: { name: x }\nspec: { ports: [{ port: 81 }] }\n',
      /does not patch/,
    ],
    [
      'a merged list item without its key',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: x }\nspec: { template: { spec: { containers: [{ image: y }] } } }\n',
      /without its name/,
    ],
  ])('refuses %s', (_case, patch, message) => {
    write({
      'kustomization.yaml': `${KUSTOMIZATION}resources: [objects.yaml]\npatches: [{ path: patch.yaml }]\n`,
      'objects.yaml': DEPLOYMENT,
      'patch.yaml': patch,
    });
    expect(() => renderKustomization(root)).toThrow(message);
  });
});

describe('mergePatch', () => {
  it('merges maps, removes a field set to null and leaves its inputs alone', () => {
    const base = { a: { b: 1, c: 2 }, d: 3 };
    const patch = { a: { c: null, e: 4 }, f: 5 };
    expect(mergePatch(base, patch, 'test')).toEqual({ a: { b: 1, e: 4 }, d: 3, f: 5 });
    expect(base).toEqual({ a: { b: 1, c: 2 }, d: 3 });
    expect(patch).toEqual({ a: { c: null, e: 4 }, f: 5 });
  });
});
