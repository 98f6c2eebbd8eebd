// Every service, the gateway and the web apps (hub, admin console) get on Kubernetes the settings docker-compose.yml gives
// them: the same names, the same values where compose fixes them (tools/kubernetes/compose-drift.ts
// says which differ and why), and the same secret files. Compose is the reference: change it, and this fails until the
// manifests under deploy/kubernetes follow, in the base and in every overlay.
import { SERVICE_NAMES } from '@teamfit/common/services';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { composeDrift, KUBERNETES_ONLY } from '../kubernetes/compose-drift';
import {
  type Deployment,
  KUSTOMIZATIONS,
  mainContainer,
  named,
  ofKind,
  render,
  secretTemplates,
  settingsOf,
  type Setting,
} from '../kubernetes/platform-manifests';

const ROOT = path.resolve(__dirname, '../..');

interface ComposeService {
  environment?: Record<string, string | number | boolean | null> | string[];
  secrets?: Array<string | { source: string; target?: string }>;
  build?: { dockerfile?: string; args?: Record<string, string> };
}
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

/** A compose service's environment as name → text, in either of compose's two forms. */
function composeEnvironment(name: string): Record<string, string> {
  const environment = compose.services[name]?.environment ?? {};
  if (Array.isArray(environment))
    return Object.fromEntries(
      environment.map((entry) => [entry.split('=')[0] ?? entry, entry.includes('=') ? entry.slice(entry.indexOf('=') + 1) : '']),
    );
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

/** The files compose mounts from its secrets (/run/secrets/<target>). */
function composeSecretFiles(name: string): string[] {
  return (compose.services[name]?.secrets ?? []).map((secret) =>
    typeof secret === 'string'
      ? `/run/secrets/${secret}`
      : secret.target?.startsWith('/')
        ? secret.target
        : `/run/secrets/${secret.target ?? secret.source}`,
  );
}

/** The files a Kubernetes container sees from Secret volumes. */
function kubernetesSecretFiles(deployment: Deployment): string[] {
  const keys = new Map(secretTemplates().map((secret) => [secret.metadata.name, Object.keys(secret['stringData'] as object)]));
  const volumes = deployment.spec.template.spec.volumes ?? [];
  return (mainContainer(deployment).volumeMounts ?? []).flatMap((mount) => {
    const secret = volumes.find((volume) => volume.name === mount.name)?.secret;
    if (secret === undefined) return [];
    if (mount.subPath !== undefined) return [mount.mountPath];
    const files = secret.items?.map((item) => item.path) ?? keys.get(secret.secretName) ?? [];
    return files.map((file) => `${mount.mountPath}/${file}`);
  });
}

const CONTAINERS = [...SERVICE_NAMES, 'gateway', 'hub', 'admin'];

/** The APP each image of the root Dockerfile is built with: a service's own name, a web app's build. */
const ROOT_DOCKERFILE_APPS: ReadonlyArray<[string, string]> = [
  ...SERVICE_NAMES.map((name): [string, string] => [name, name]),
  ['hub', 'hub-web'],
  ['admin', 'admin-web'],
];

describe.each(KUSTOMIZATIONS)('deploy/kubernetes/%s against docker-compose.yml', (kustomization) => {
  const objects = render(kustomization);
  const deployments = ofKind<Deployment>(objects, 'Deployment');

  it.each(CONTAINERS)('%s: the same settings', (name) => {
    const deployment = named(deployments, name);
    const settings = settingsOf(mainContainer(deployment), objects);
    expect(composeDrift(composeEnvironment(name), settings, deployment.metadata.namespace ?? '')).toEqual([]);
  });

  it.each(CONTAINERS)('%s: the same secret files', (name) => {
    expect(kubernetesSecretFiles(named(deployments, name)).sort()).toEqual(composeSecretFiles(name).sort());
  });

  it.each(ROOT_DOCKERFILE_APPS)('%s: the image compose builds (the root Dockerfile, APP=%s)', (name, app) => {
    expect(compose.services[name]?.build?.args?.['APP']).toBe(app);
    expect(mainContainer(named(deployments, name)).image).toMatch(new RegExp(`(^|/)teamfit/${app}(:|$)`));
  });

  it.each(['hub', 'admin'])("%s: listens on compose's port for it", (name) => {
    const container = mainContainer(named(deployments, name));
    expect(container.ports?.map((port) => String(port.containerPort))).toEqual([composeEnvironment(name)['PORT']]);
  });
});

describe('composeDrift', () => {
  const settings = new Map<string, Setting>([
    ['PORT', { from: 'value', value: '9000' }],
    ['DATABASE_URL', { from: 'secret', secret: 'teamfit-database', key: 'DATABASE_URL' }],
    ['LOG_LEVEL', { from: 'configMap', value: 'log' }],
    ['DATABASE_READ_URL', { from: 'secret', secret: 'teamfit-database', key: 'DATABASE_READ_URL' }],
  ]);
  const base = { PORT: '9000', DATABASE_URL: 'postgres://teamfit:teamfit@postgres:5432/teamfit', LOG_LEVEL: '${LOG_LEVEL:-log}' };

  it('finds none when Kubernetes gives what compose gives', () => {
    expect(composeDrift(base, settings, 'teamfit')).toEqual([]);
    expect(Object.keys(KUBERNETES_ONLY)).toEqual(['DATABASE_READ_URL']);
  });

  it('finds a setting compose added, a fixed value it changed, and one it dropped', () => {
    expect(composeDrift({ ...base, NEW_SETTING: 'on' }, settings, 'teamfit')).toEqual([
      'NEW_SETTING: set by compose, missing on Kubernetes',
    ]);
    expect(composeDrift({ ...base, PORT: '9001' }, settings, 'teamfit')).toEqual([expect.stringMatching(/^PORT: compose has "9001"/)]);
    const { LOG_LEVEL: _dropped, ...fewer } = base;
    expect(composeDrift(fewer, settings, 'teamfit')).toEqual(['LOG_LEVEL: set on Kubernetes, not by compose']);
  });

  it("finds the operator's setting written into a Deployment, and a database address that is not a Secret", () => {
    const literal = new Map(settings).set('LOG_LEVEL', { from: 'value', value: 'log' });
    expect(composeDrift(base, literal, 'teamfit')).toEqual([expect.stringMatching(/^LOG_LEVEL: the operator's in compose/)]);
    const plain = new Map(settings).set('DATABASE_URL', { from: 'value', value: 'postgres://a@b/c' });
    expect(composeDrift(base, plain, 'teamfit')).toEqual([expect.stringMatching(/^DATABASE_URL: compose has/)]);
  });

  it("names the gateway's upstreams in the namespace", () => {
    const upstream = new Map<string, Setting>([['AUTH_UPSTREAM', { from: 'value', value: 'auth.staging.svc.cluster.local:9000' }]]);
    expect(composeDrift({ AUTH_UPSTREAM: 'auth:9000' }, upstream, 'staging')).toEqual([]);
    expect(composeDrift({ AUTH_UPSTREAM: 'auth:9000' }, upstream, 'teamfit')).toHaveLength(1);
  });
});
