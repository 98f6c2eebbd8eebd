// deploy/kubernetes, checked offline: the base and every overlay rendered (the kustomize subset of
// tools/kubernetes/kustomize-subset.ts), every object validated against the Kubernetes API's
// schemas (kubernetes-models, pinned), and the rules of docs/adr/0075-kubernetes-manifests.md:
// probes, resources and locked-down pods, Secrets that exist, policies that let only the gateway
// reach the services, only the services reach PostgreSQL, and only the Ingress controller reach
// the web apps (the candidates' hub and the administrators' console, which themselves reach nothing).
import { LIVENESS_PATH, READINESS_PATH, SERVICE_NAMES, SERVICES } from '@teamfit/common/services';
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { Deployment as DeploymentModel } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import type { KubernetesObject } from '../kubernetes/kustomize-subset';
import { isAllowed, matches, type Pod } from '../kubernetes/network-policies';
import {
  type Deployment,
  KUSTOMIZATIONS,
  mainContainer,
  named,
  ofKind,
  render,
  secretTemplates,
  settingsOf,
} from '../kubernetes/platform-manifests';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The web apps' Deployments: each built app on compose's port for it (docker-compose.yml), on the
 * host of its origin setting.
 */
const WEB_APPS = [
  { name: 'hub', app: 'hub-web', port: 3001, origin: 'HUB_APP_ORIGIN' },
  { name: 'admin', app: 'admin-web', port: 3000, origin: 'ADMIN_APP_ORIGIN' },
] as const;

/**
 * Pods Prometheus does not scrape, each with why; every other pod carries the annotations.
 * The web apps' web host serves the app's files and nothing else: it has no /metrics to scrape
 * (docs/adr/0079-web-apps-served-by-the-web-host.md), and annotations would only collect 404s.
 */
const WITHOUT_METRICS: Readonly<Record<string, string>> = Object.fromEntries(
  WEB_APPS.map((web) => [web.name, 'the web host (libs/web-host) serves no /metrics']),
);

/** The host name of a URL setting of the settings ConfigMap. */
function hostOfSetting(objects: readonly KubernetesObject[], name: string): string {
  const data = named(ofKind(objects, 'ConfigMap'), 'teamfit-service-settings')['data'] as Record<string, string>;
  const value = data[name];
  if (value === undefined) throw new Error(`teamfit-service-settings has no ${name}`);
  return new URL(value).hostname;
}

interface IngressSpec {
  tls?: Array<{ hosts: string[]; secretName: string }>;
  rules: Array<{ host?: string; http: { paths: Array<{ backend: { service: { name: string; port: { name: string } } } }> } }>;
}

interface Validating {
  validate(): void;
}
type ModelClass = new (data: never) => Validating;
/** The model of each kind the manifests may hold; another kind fails the check until added here. */
const MODELS: Readonly<Record<string, ModelClass>> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': DeploymentModel,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

/** The schema errors of an object, or `[]`. */
function schemaErrors(object: KubernetesObject): string[] {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (Model === undefined) return [`no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(structuredClone(object) as never).validate();
    return [];
  } catch (error) {
    return [`${object.kind} ${object.metadata.name}: ${(error as Error).message}`];
  }
}

/** The value of `ENV NAME=value` in a Dockerfile. */
function dockerfileEnv(file: string, name: string): string {
  const match = new RegExp(`\\b${name}=(\\S+)`).exec(readFileSync(path.join(ROOT, file), 'utf8'));
  if (match?.[1] === undefined) throw new Error(`${file} sets no ${name}`);
  return match[1];
}

/** The volume a path is written to in a container, if it is under one of its mounts. */
function volumeUnder(deployment: Deployment, containerName: string, file: string) {
  const found = deployment.spec.template.spec.containers.find((candidate) => candidate.name === containerName);
  const mount = (found?.volumeMounts ?? []).find((candidate) => file === candidate.mountPath || file.startsWith(`${candidate.mountPath}/`));
  return (deployment.spec.template.spec.volumes ?? []).find((volume) => volume.name === mount?.name);
}

describe.each(KUSTOMIZATIONS)('deploy/kubernetes/%s', (kustomization) => {
  const objects = render(kustomization);
  const deployments = ofKind<Deployment>(objects, 'Deployment');
  const namespace = objects[0]?.metadata.namespace ?? '';

  it('renders only objects the Kubernetes schemas accept, each in the namespace', () => {
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.flatMap(schemaErrors)).toEqual([]);
    expect(new Set(objects.map((object) => object.metadata.namespace))).toEqual(new Set([namespace]));
  });

  it('has a Deployment, a Service, an autoscaler and a disruption budget for every service, the gateway and each web app', () => {
    const names = [...SERVICE_NAMES, 'gateway', ...WEB_APPS.map((web) => web.name)].sort();
    for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'])
      expect({
        kind,
        names: ofKind(objects, kind)
          .map((object) => object.metadata.name)
          .sort(),
      }).toEqual({ kind, names });
  });

  it.each(SERVICE_NAMES)('%s: its image, port, probes and metrics annotations', (name) => {
    const deployment = named(deployments, name);
    const container = mainContainer(deployment);
    const port = SERVICES[name].port;
    expect(container.image).toMatch(new RegExp(`(^|/)teamfit/${name}(:|$)`));
    expect(container.ports).toEqual([{ name: 'http', containerPort: port }]);
    expect(settingsOf(container, objects).get('PORT')).toEqual({ from: 'value', value: String(port) });
    expect(container.readinessProbe?.httpGet).toEqual({ path: READINESS_PATH, port: 'http' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: LIVENESS_PATH, port: 'http' });
    // Migrations run before the port opens: liveness waits for the start (docs/adr/0013-migrations-run-at-service-start.md).
    expect(container.startupProbe?.httpGet).toEqual({ path: LIVENESS_PATH, port: 'http' });
    expect(deployment.spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(port),
      'prometheus.io/path': '/metrics',
    });
    // Headless: the gateway sees every ready pod.
    const service = named(ofKind(objects, 'Service'), name)['spec'] as {
      clusterIP?: string;
      selector: Record<string, string>;
      ports: unknown[];
    };
    expect(service.clusterIP).toBe('None');
    expect(service.ports).toEqual([{ name: 'http', port, targetPort: 'http' }]);
  });

  it.each(WEB_APPS)(
    '$name: its image, port, settings, probes on GET /, no metrics annotations, no Secret, and a Service on port 80',
    (web) => {
      const deployment = named(deployments, web.name);
      const container = mainContainer(deployment);
      expect(container.image).toMatch(new RegExp(`(^|/)teamfit/${web.app}(:|$)`));
      expect(deployment.spec.template.spec.containers.map((candidate) => candidate.name)).toEqual([web.name]);
      expect(container.ports).toEqual([{ name: 'http', containerPort: web.port }]);
      const settings = settingsOf(container, objects);
      expect(settings.get('PORT')).toEqual({ from: 'value', value: String(web.port) });
      // The gateway's public address, as each overlay sets it, is what the browser is told to call.
      const data = named(ofKind(objects, 'ConfigMap'), 'teamfit-service-settings')['data'] as Record<string, string>;
      expect(settings.get('PUBLIC_BASE_URL')).toEqual({ from: 'configMap', value: data['PUBLIC_BASE_URL'] });
      expect(settings.get('HOST')).toEqual({ from: 'configMap', value: '0.0.0.0' });
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/', port: 'http' });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/', port: 'http' });
      expect(deployment.spec.template.metadata.annotations).toBeUndefined();
      // Not a service of the platform: the services' policies, the gateway's upstreams and
      // PostgreSQL's admission select `component: service`.
      expect(deployment.spec.template.metadata.labels['app.kubernetes.io/component']).not.toBe('service');
      // Nothing secret: no Secret read as a setting or mounted as a file.
      expect([...settings.values()].filter((setting) => setting.from === 'secret')).toEqual([]);
      expect((deployment.spec.template.spec.volumes ?? []).filter((volume) => volume.emptyDir === undefined)).toEqual([]);
      const service = named(ofKind(objects, 'Service'), web.name)['spec'] as { clusterIP?: string; ports: unknown[] };
      expect(service.clusterIP).toBeUndefined();
      expect(service.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http' }]);
    },
  );

  it('annotates every pod for the Prometheus job that finds pods (deploy/prometheus/prometheus.yml), the web app aside', () => {
    const prometheus = parse(readFileSync(path.join(ROOT, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
      scrape_configs: Array<{ job_name: string; relabel_configs?: Array<{ source_labels?: string[] }> }>;
    };
    const job = prometheus.scrape_configs.find((candidate) => candidate.job_name === 'teamfit-kubernetes-pods');
    const read = new Set((job?.relabel_configs ?? []).flatMap((relabel) => relabel.source_labels ?? []));
    const names = deployments.map((deployment) => deployment.metadata.name);
    for (const name of Object.keys(WITHOUT_METRICS)) expect(names).toContain(name);
    for (const deployment of deployments) {
      const annotations = deployment.spec.template.metadata.annotations ?? {};
      if (deployment.metadata.name in WITHOUT_METRICS) {
        expect({ name: deployment.metadata.name, annotations }).toEqual({ name: deployment.metadata.name, annotations: {} });
        continue;
      }
      expect(Object.keys(annotations).sort()).toEqual(['prometheus.io/path', 'prometheus.io/port', 'prometheus.io/scrape']);
      for (const name of Object.keys(annotations))
        expect(read).toContain(`__meta_kubernetes_pod_annotation_${name.replace(/[^a-zA-Z0-9]/g, '_')}`);
      const ports = deployment.spec.template.spec.containers.flatMap((container) =>
        (container.ports ?? []).map((port) => String(port.containerPort)),
      );
      expect(ports).toContain(annotations['prometheus.io/port']);
    }
  });

  it('every container has probes, resources and a locked-down security context; every pod runs as a numeric non-root user', () => {
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      expect({ name: deployment.metadata.name, automount: pod.automountServiceAccountToken }).toEqual({
        name: deployment.metadata.name,
        automount: false,
      });
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      for (const container of pod.containers) {
        const where = `${deployment.metadata.name}/${container.name}`;
        expect({ where, readiness: container.readinessProbe !== undefined, liveness: container.livenessProbe !== undefined }).toEqual({
          where,
          readiness: true,
          liveness: true,
        });
        expect({ where, cpu: container.resources?.requests?.['cpu'], memory: container.resources?.requests?.['memory'] }).toEqual({
          where,
          cpu: expect.stringMatching(/^\d+m?$/),
          memory: expect.stringMatching(/^\d+[MG]i$/),
        });
        expect({ where, memoryLimit: container.resources?.limits?.['memory'] }).toEqual({
          where,
          memoryLimit: expect.stringMatching(/^\d+[MG]i$/),
        });
        expect({ where, securityContext: container.securityContext }).toEqual({
          where,
          securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
        });
      }
    }
  });

  it('gives every place a process writes a writable volume (the root file system is read-only)', () => {
    // The compile cache of the root Dockerfile's images (the services and the web apps) on an emptyDir.
    for (const name of [...SERVICE_NAMES, ...WEB_APPS.map((web) => web.name)])
      expect(volumeUnder(named(deployments, name), name, dockerfileEnv('Dockerfile', 'NODE_COMPILE_CACHE'))?.emptyDir).toBeDefined();
    // Media files on the claim every media pod shares.
    const media = named(deployments, 'media');
    const mediaDir = settingsOf(mainContainer(media), objects).get('MEDIA_DIR');
    expect(mediaDir?.from).toBe('value');
    expect(volumeUnder(media, 'media', mediaDir?.from === 'value' ? mediaDir.value : '')?.persistentVolumeClaim).toEqual({
      claimName: 'media',
    });
    expect(ofKind(objects, 'PersistentVolumeClaim').map((claim) => claim.metadata.name)).toEqual(['media']);
    // nginx's pid file and buffers (NGINX_RUN_DIR of gateway/Dockerfile) and the rendered configuration.
    const gateway = named(deployments, 'gateway');
    expect(volumeUnder(gateway, 'gateway', `${dockerfileEnv('gateway/Dockerfile', 'NGINX_RUN_DIR')}/nginx.pid`)?.emptyDir).toBeDefined();
    const start = (mainContainer(gateway).command ?? []).join(' ');
    const rendered = /> (\S+) &&/.exec(start)?.[1] ?? '';
    expect(start).toContain(`exec nginx -c ${rendered} `);
    expect(volumeUnder(gateway, 'gateway', rendered)?.emptyDir).toBeDefined();
  });

  it('reads only Secret keys the template defines, and the signing key only in the services that sign tokens', () => {
    const templates = new Map(secretTemplates().map((secret) => [secret.metadata.name, Object.keys(secret['stringData'] as object)]));
    const readers = new Map<string, string[]>();
    for (const deployment of deployments)
      for (const container of deployment.spec.template.spec.containers)
        for (const [variable, setting] of settingsOf(container, objects)) {
          if (setting.from !== 'secret') continue;
          expect({ variable, key: templates.get(setting.secret)?.includes(setting.key) }).toEqual({ variable, key: true });
          readers.set(variable, [...(readers.get(variable) ?? []), deployment.metadata.name]);
        }
    // The keys come as files from Secret volumes, as compose's secrets give them.
    const mounting = new Map<string, string[]>();
    for (const deployment of deployments)
      for (const volume of (deployment.spec.template.spec.volumes ?? []) as Array<{
        secret?: { secretName: string; items?: Array<{ key: string }> };
      }>) {
        if (volume.secret === undefined) continue;
        const { secretName, items = [] } = volume.secret;
        for (const { key } of items)
          expect({ secretName, key, defined: templates.get(secretName)?.includes(key) }).toEqual({ secretName, key, defined: true });
        mounting.set(secretName, [...(mounting.get(secretName) ?? []), deployment.metadata.name]);
      }
    expect(mounting.get('teamfit-jwt-signing-key')?.sort()).toEqual(['auth', 'profile']);
    expect(readers.get('JWT_PRIVATE_KEY')).toBeUndefined();
    expect(readers.get('DATABASE_URL')?.sort()).toEqual([...SERVICE_NAMES].sort());
    expect(secretTemplates().flatMap(schemaErrors)).toEqual([]);
  });

  it('selects each Deployment pods with its Service, autoscaler and disruption budget', () => {
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const labels = deployment.spec.template.metadata.labels;
      expect(matches({ matchLabels: deployment.spec.selector.matchLabels }, labels)).toBe(true);
      const service = named(ofKind(objects, 'Service'), name)['spec'] as { selector: Record<string, string> };
      expect(matches({ matchLabels: service.selector }, labels)).toBe(true);
      const budget = named(ofKind(objects, 'PodDisruptionBudget'), name)['spec'] as { selector: { matchLabels: Record<string, string> } };
      expect(budget.selector).toEqual(deployment.spec.selector);
      // No other Deployment's pods carry the selected labels.
      for (const other of deployments.filter((candidate) => candidate !== deployment))
        expect(matches({ matchLabels: service.selector }, other.spec.template.metadata.labels)).toBe(false);
      const autoscaler = named(ofKind(objects, 'HorizontalPodAutoscaler'), name)['spec'] as {
        scaleTargetRef: object;
        minReplicas: number;
        maxReplicas: number;
      };
      expect(autoscaler.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(autoscaler.minReplicas).toBeLessThanOrEqual(autoscaler.maxReplicas);
      // A release starts at the autoscaler's floor (the base leaves the count to it).
      expect([undefined, autoscaler.minReplicas]).toContain(deployment.spec.replicas);
    }
  });

  it('points the gateway at every service by its whole name in this namespace, and the API host of the Ingress at the gateway', () => {
    const settings = settingsOf(mainContainer(named(deployments, 'gateway')), objects);
    for (const name of SERVICE_NAMES)
      expect(settings.get(`${name.toUpperCase()}_UPSTREAM`)).toEqual({
        from: 'value',
        value: `${name}.${namespace}.svc.cluster.local:${SERVICES[name].port}`,
      });
    const ingress = named(ofKind(objects, 'Ingress'), 'gateway')['spec'] as IngressSpec;
    for (const rule of ingress.rules)
      for (const route of rule.http.paths) expect(route.backend.service).toEqual({ name: 'gateway', port: { name: 'http' } });
    // An overlay publishes the gateway on the host of PUBLIC_BASE_URL (the base on every host).
    const apiHost = hostOfSetting(objects, 'PUBLIC_BASE_URL');
    expect(ingress.rules.map((rule) => rule.host)).toEqual([kustomization === 'base' ? undefined : apiHost]);
    expect(ingress.tls?.flatMap((tls) => tls.hosts)).toEqual(kustomization === 'base' ? undefined : [apiHost]);
    expect((named(ofKind(objects, 'Service'), 'gateway')['spec'] as { ports: unknown[] }).ports).toEqual([
      { name: 'http', port: 80, targetPort: 'http' },
    ]);
  });

  it.each(WEB_APPS)('routes the host of $origin to the $name Service, and only that host', (web) => {
    // The base's local origins (localhost:3000, :3001 and :8080) share one host, which an Ingress
    // cannot split by port: the hub holds localhost there and the console admin.localhost. Each
    // overlay gives every app the host of its origin, its own (an Ingress tells them apart by host).
    const host = kustomization === 'base' && web.name === 'admin' ? 'admin.localhost' : hostOfSetting(objects, web.origin);
    if (kustomization !== 'base') {
      expect(host).not.toBe(hostOfSetting(objects, 'PUBLIC_BASE_URL'));
      for (const other of WEB_APPS.filter((candidate) => candidate !== web)) expect(host).not.toBe(hostOfSetting(objects, other.origin));
    }
    const ingress = named(ofKind(objects, 'Ingress'), web.name)['spec'] as IngressSpec;
    expect(ingress.rules.map((rule) => rule.host)).toEqual([host]);
    for (const rule of ingress.rules)
      expect(rule.http.paths.map((route) => route.backend.service)).toEqual([{ name: web.name, port: { name: 'http' } }]);
    if (kustomization !== 'base') expect(ingress.tls?.flatMap((tls) => tls.hosts)).toEqual([host]);
    // Every other Ingress leaves the app's host and Service alone.
    for (const other of ofKind(objects, 'Ingress').filter((candidate) => candidate.metadata.name !== web.name))
      for (const rule of (other['spec'] as IngressSpec).rules) {
        expect(rule.host).not.toBe(host);
        for (const route of rule.http.paths) expect(route.backend.service.name).not.toBe(web.name);
      }
  });

  it("starts the gateway as its image does, with the cluster's DNS server as resolver and the configuration on a volume", () => {
    const gateway = mainContainer(named(deployments, 'gateway'));
    const [shell, flag, start = ''] = gateway.command ?? [];
    expect([shell, flag]).toEqual(['sh', '-c']);
    // The image's own start (gateway/Dockerfile's CMD), writing to the volume instead of /etc/nginx.
    const imageStart = /^CMD \["sh", "-c", "(.+)"\]$/m.exec(readFileSync(path.join(ROOT, 'gateway/Dockerfile'), 'utf8'))?.[1] ?? 'none';
    expect(
      start.endsWith(
        imageStart.replace('> /etc/nginx/nginx.conf', '> /tmp/nginx.conf').replace('exec nginx -g', 'exec nginx -c /tmp/nginx.conf -g'),
      ),
    ).toBe(true);

    // Run as the pod would, with the repository's script and template, a resolv.conf as the
    // cluster writes it, and the image's and the manifest's settings; nginx itself prints the file.
    const folder = mkdtempSync(path.join(tmpdir(), 'gateway-start-'));
    try {
      writeFileSync(
        path.join(folder, 'resolv.conf'),
        `search ${namespace}.svc.cluster.local svc.cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n`,
      );
      const local = [
        ['/etc/resolv.conf', path.join(folder, 'resolv.conf')],
        ['/etc/nginx/render-config.sh', path.join(ROOT, 'gateway/render-config.sh')],
        ['/etc/nginx/nginx.conf.template', path.join(ROOT, 'gateway/nginx.conf.template')],
        ['/tmp/nginx.conf', path.join(folder, 'nginx.conf')],
      ];
      let script = start;
      for (const [from, to] of local) {
        expect(script).toContain(from);
        script = script.replaceAll(from ?? '', to ?? '');
      }
      script = script.replace(/exec nginx .*$/, `cat ${path.join(folder, 'nginx.conf')}`);
      const imageEnv = Object.fromEntries(
        [...readFileSync(path.join(ROOT, 'gateway/Dockerfile'), 'utf8').matchAll(/^(?:ENV )?\s*([A-Z_]+)=(\S+?)(?: \\)?$/gm)].map(
          (match) => [match[1], match[2]],
        ),
      );
      const manifestEnv = Object.fromEntries(
        [...settingsOf(gateway, objects)].map(([name, setting]) => [name, setting.from === 'secret' ? '' : setting.value]),
      );
      const config = execFileSync('sh', ['-c', script], {
        env: { PATH: process.env['PATH'], ...imageEnv, ...manifestEnv },
        encoding: 'utf8',
      });
      expect(config).toContain('listen 8080 default_server;');
      expect(config).toContain('resolver 10.96.0.10 valid=10s ipv6=off;');
      expect(config).toContain(`pid ${dockerfileEnv('gateway/Dockerfile', 'NGINX_RUN_DIR')}/nginx.pid;`);
      for (const name of SERVICE_NAMES)
        expect(config).toContain(
          `server ${name}.${namespace}.svc.cluster.local:${SERVICES[name].port} resolve max_fails=2 fail_timeout=5s;`,
        );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  if (kustomization !== 'base')
    it("names a release tag for every image, and a registry for the platform's own", () => {
      for (const deployment of deployments) {
        expect(mainContainer(deployment).image).toMatch(/^[^/]+\.[^/]+\/(.+\/)?teamfit\/[a-z]+(-[a-z]+)*:/);
        for (const container of deployment.spec.template.spec.containers) expect(container.image).toMatch(/:(?!latest$)[\w.-]+$/);
      }
    });

  describe('network policies', () => {
    const policies = ofKind(objects, 'NetworkPolicy');
    const podOf = (deployment: Deployment): Pod => ({
      namespace,
      labels: deployment.spec.template.metadata.labels,
      ports: Object.fromEntries(
        deployment.spec.template.spec.containers.flatMap((container) =>
          (container.ports ?? []).map((port) => [port.name ?? String(port.containerPort), port.containerPort]),
        ),
      ),
    });
    const pods = Object.fromEntries(deployments.map((deployment) => [deployment.metadata.name, podOf(deployment)]));
    const pod = (name: string): Pod => {
      const found = pods[name];
      if (found === undefined) throw new Error(`no pod ${name}`);
      return found;
    };
    const prometheus: Pod = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' }, ports: {} };
    const ingressController: Pod = { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' }, ports: {} };
    const stranger: Pod = { namespace, labels: { app: 'debug-shell' }, ports: {} };
    const postgres: Pod = { namespace, labels: { 'cnpg.io/cluster': 'teamfit-postgres' }, ports: { postgresql: 5432 } };
    const dns: Pod = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' }, ports: {} };

    it.each(SERVICE_NAMES)('%s: reached by the gateway and Prometheus on its port, by no other pod of the platform or stranger', (name) => {
      const port = SERVICES[name].port;
      expect(isAllowed(policies, { from: pod('gateway'), to: pod(name), port })).toBe(true);
      expect(isAllowed(policies, { from: prometheus, to: pod(name), port })).toBe(true);
      for (const other of [stranger, ingressController, postgres, ...WEB_APPS.map((web) => pod(web.name))])
        expect(isAllowed(policies, { from: other, to: pod(name), port })).toBe(false);
      for (const other of SERVICE_NAMES.filter((candidate) => candidate !== name))
        expect({ from: other, to: name, allowed: isAllowed(policies, { from: pod(other), to: pod(name), port }) }).toEqual({
          from: other,
          to: name,
          // Logos: the organisation service stores them through the media service directly.
          allowed: other === 'organisation' && name === 'media',
        });
    });

    it('lets the Ingress controller reach the gateway, and Prometheus its exporter', () => {
      expect(isAllowed(policies, { from: ingressController, to: pod('gateway'), port: 8080 })).toBe(true);
      expect(isAllowed(policies, { from: prometheus, to: pod('gateway'), port: 9113 })).toBe(true);
      expect(isAllowed(policies, { from: stranger, to: pod('gateway'), port: 9113 })).toBe(false);
    });

    it.each(WEB_APPS)('lets only the Ingress controller reach the $name, on its port', (web) => {
      expect(isAllowed(policies, { from: ingressController, to: pod(web.name), port: web.port })).toBe(true);
      expect(isAllowed(policies, { from: ingressController, to: pod(web.name), port: 9000 })).toBe(false);
      // Another pod in the controller's namespace, a stranger here, Prometheus (no metrics there),
      // the gateway, PostgreSQL and every service are refused.
      const controllerNeighbour: Pod = { namespace: ingressController.namespace, labels: { app: 'debug-shell' }, ports: {} };
      for (const [from, other] of Object.entries({
        controllerNeighbour,
        stranger,
        prometheus,
        postgres,
        gateway: pod('gateway'),
        ...Object.fromEntries(WEB_APPS.filter((other) => other !== web).map((other) => [other.name, pod(other.name)])),
        ...Object.fromEntries(SERVICE_NAMES.map((name) => [name, pod(name)])),
      }))
        expect({ from, allowed: isAllowed(policies, { from: other, to: pod(web.name), port: web.port }) }).toEqual({
          from,
          allowed: false,
        });
    });

    it.each(WEB_APPS)(
      'lets the $name reach nothing: not PostgreSQL, a service, the gateway, the other app, the DNS or the outside',
      (web) => {
        const app = pod(web.name);
        const managed: Pod = { namespace: '(outside the cluster)', labels: {}, ports: {} };
        const targets: Array<[string, Pod, number, 'TCP' | 'UDP']> = [
          ['postgres', postgres, 5432, 'TCP'],
          ['managed postgres', managed, 5432, 'TCP'],
          ['the outside', managed, 443, 'TCP'],
          ['gateway', pod('gateway'), 8080, 'TCP'],
          ['dns', dns, 53, 'UDP'],
          ...WEB_APPS.filter((other) => other !== web).map((other): [string, Pod, number, 'TCP'] => [
            other.name,
            pod(other.name),
            other.port,
            'TCP',
          ]),
          ...SERVICE_NAMES.map((name): [string, Pod, number, 'TCP'] => [name, pod(name), SERVICES[name].port, 'TCP']),
        ];
        for (const [to, target, port, protocol] of targets)
          expect({ to, allowed: isAllowed(policies, { from: app, to: target, port, protocol }) }).toEqual({ to, allowed: false });
      },
    );

    it('lets only the services reach PostgreSQL, and the gateway ask the cluster DNS', () => {
      for (const name of SERVICE_NAMES) expect(isAllowed(policies, { from: pod(name), to: postgres, port: 5432 })).toBe(true);
      for (const other of [pod('gateway'), stranger, ingressController, prometheus])
        expect(isAllowed(policies, { from: other, to: postgres, port: 5432 })).toBe(false);
      expect(isAllowed(policies, { from: pod('gateway'), to: dns, port: 53, protocol: 'UDP' })).toBe(true);
      // A managed database outside the cluster: no selector names it, only an open egress reaches it.
      const managed: Pod = { namespace: '(outside the cluster)', labels: {}, ports: {} };
      for (const name of SERVICE_NAMES) expect(isAllowed(policies, { from: pod(name), to: managed, port: 5432 })).toBe(true);
      expect(isAllowed(policies, { from: pod('gateway'), to: managed, port: 5432 })).toBe(false);
    });

    it('would let a stranger reach every service and the web apps without them (the check sees the policies at work)', () => {
      for (const name of SERVICE_NAMES) expect(isAllowed([], { from: stranger, to: pod(name), port: SERVICES[name].port })).toBe(true);
      expect(isAllowed([], { from: pod('gateway'), to: postgres, port: 5432 })).toBe(true);
      for (const web of WEB_APPS) {
        expect(isAllowed([], { from: stranger, to: pod(web.name), port: web.port })).toBe(true);
        expect(isAllowed([], { from: pod(web.name), to: postgres, port: 5432 })).toBe(true);
      }
    });
  });
});

describe('the schema validation', () => {
  it('fails a Deployment the API server would refuse', () => {
    const [deployment] = ofKind<Deployment>(render('base'), 'Deployment');
    if (deployment === undefined) throw new Error('no Deployment');
    const broken = structuredClone(deployment) as unknown as { spec: { template: { spec: { containers: Array<{ ports: unknown }> } } } };
    const [container] = broken.spec.template.spec.containers;
    if (container !== undefined) container.ports = [{ containerPort: 'http' }];
    expect(schemaErrors(broken as unknown as KubernetesObject)).toEqual([expect.stringContaining('containerPort must be integer')]);
  });
});
