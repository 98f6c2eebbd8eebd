// The platform's manifests as the checks read them: the base and each overlay rendered, the
// Secret template, and the pods' parts the checks look into.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { type KubernetesObject, renderKustomization } from './kustomize-subset';

export const KUBERNETES_ROOT = path.resolve(__dirname, '../../deploy/kubernetes');

/** `base` and every folder of overlays/, each a kustomization CI renders. */
export const KUSTOMIZATIONS: readonly string[] = [
  'base',
  ...readdirSync(path.join(KUBERNETES_ROOT, 'overlays'))
    .sort()
    .map((name) => `overlays/${name}`),
];

export function render(kustomization: string): KubernetesObject[] {
  return renderKustomization(path.join(KUBERNETES_ROOT, kustomization));
}

/** The Secrets the operator creates (deploy/kubernetes/secrets). */
export function secretTemplates(): KubernetesObject[] {
  const file = path.join(KUBERNETES_ROOT, 'secrets/teamfit-secrets.template.yaml');
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => document.toJSON() as KubernetesObject | null)
    .filter((object): object is KubernetesObject => object !== null);
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}
export interface Probe {
  httpGet?: { path: string; port: number | string };
}
export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    runAsNonRoot?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
  };
  volumeMounts?: Array<{ name: string; mountPath: string; subPath?: string; readOnly?: boolean }>;
}
export interface Volume {
  name: string;
  emptyDir?: object;
  persistentVolumeClaim?: { claimName: string };
  secret?: { secretName: string; items?: Array<{ key: string; path: string }> };
}
export interface PodSpec {
  automountServiceAccountToken?: boolean;
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    runAsGroup?: number;
    fsGroup?: number;
    seccompProfile?: { type: string };
  };
  containers: Container[];
  volumes?: Volume[];
}
export interface Deployment extends KubernetesObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string>; annotations?: Record<string, string> }; spec: PodSpec };
  };
}

export function ofKind<T extends KubernetesObject = KubernetesObject>(objects: readonly KubernetesObject[], kind: string): T[] {
  return objects.filter((object) => object.kind === kind) as T[];
}

export function named<T extends KubernetesObject>(objects: readonly T[], name: string): T {
  const found = objects.find((object) => object.metadata.name === name);
  if (found === undefined) throw new Error(`no object named ${name}`);
  return found;
}

/** The container of a Deployment that carries its name (the sidecars aside). */
export function mainContainer(deployment: Deployment): Container {
  const container = deployment.spec.template.spec.containers.find((candidate) => candidate.name === deployment.metadata.name);
  if (container === undefined) throw new Error(`${deployment.metadata.name} has no container of its name`);
  return container;
}

/** Where a container's setting comes from: a literal, a ConfigMap's value, or a Secret's key. */
export type Setting =
  { from: 'value'; value: string } | { from: 'configMap'; value: string } | { from: 'secret'; secret: string; key: string };

/** Every environment variable a container gets, with its source; ConfigMaps are read from `objects`. */
export function settingsOf(container: Container, objects: readonly KubernetesObject[]): Map<string, Setting> {
  const configMap = (name: string): Record<string, string> => named(ofKind(objects, 'ConfigMap'), name)['data'] as Record<string, string>;
  const settings = new Map<string, Setting>();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef !== undefined)
      for (const [name, value] of Object.entries(configMap(source.configMapRef.name))) settings.set(name, { from: 'configMap', value });
    if (source.secretRef !== undefined)
      throw new Error(`${container.name}: name each key of a Secret (secretKeyRef), so the checks see it`);
  }
  for (const variable of container.env ?? []) {
    const { secretKeyRef, configMapKeyRef } = variable.valueFrom ?? {};
    if (secretKeyRef !== undefined) settings.set(variable.name, { from: 'secret', secret: secretKeyRef.name, key: secretKeyRef.key });
    else if (configMapKeyRef !== undefined) {
      const value = configMap(configMapKeyRef.name)[configMapKeyRef.key];
      if (value === undefined) throw new Error(`${container.name}: ${configMapKeyRef.name} has no ${configMapKeyRef.key}`);
      settings.set(variable.name, { from: 'configMap', value });
    } else settings.set(variable.name, { from: 'value', value: variable.value ?? '' });
  }
  return settings;
}
