// Renders deploy/kubernetes for CI, where neither kustomize nor helm can be installed. Operators run
// `kubectl apply -k` (kubectl's own kustomize); this renderer takes only the part of a
// kustomization that those manifests use and refuses anything else, so what it renders is what
// kustomize renders (docs/adr/0075-kubernetes-manifests.md). The subset:
//   resources   files (several documents each) and folders holding a kustomization.yaml
//   namespace   set on every object
//   images      {name, newName?, newTag?}: containers whose image is `name` or `name:<tag>`
//   replicas    {name, count}: spec.replicas of the Deployment of that name
//   patches     {path}: strategic merge patches (several documents a file), each aimed at the one
//               object of its apiVersion, kind and name; maps merge, null removes a field, the
//               lists of containers, env, volumes (by name) and volumeMounts (by mountPath) merge
//               item by item (kustomize's order: the patch's items, then the others), the lists kubernetes replaces whole (REPLACED_LISTS) are replaced,
//               and any other list or `$patch` directive is refused.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Thrown for anything outside the subset, naming the file and the field. */
export class KustomizeSubsetError extends Error {
  override readonly name = 'KustomizeSubsetError';
}

const KUSTOMIZATION_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'images', 'replicas', 'patches']);
/** Lists merged item by item in a strategic merge patch, and the field that names an item. */
const MERGED_LISTS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
};
/** Lists without a merge strategy in the Kubernetes API: a patch replaces them whole. */
const REPLACED_LISTS = new Set(['rules', 'tls', 'hosts', 'paths', 'accessModes', 'args', 'command', 'metrics', 'drop', 'envFrom']);

/** The objects `kubectl kustomize <folder>` gives, for a kustomization within the subset. */
export function renderKustomization(folder: string): KubernetesObject[] {
  const file = path.join(folder, 'kustomization.yaml');
  const kustomization = readOne(file);
  const where = (field: string) => `${file}: ${field}`;
  for (const field of Object.keys(kustomization))
    if (!KUSTOMIZATION_FIELDS.has(field)) throw new KustomizeSubsetError(`${where(field)} is not in the subset CI renders`);
  if (kustomization['apiVersion'] !== 'kustomize.config.k8s.io/v1beta1' || kustomization['kind'] !== 'Kustomization')
    throw new KustomizeSubsetError(`${file} is not a kustomize.config.k8s.io/v1beta1 Kustomization`);

  const objects: KubernetesObject[] = [];
  for (const entry of listOf(kustomization, 'resources', file)) {
    if (typeof entry !== 'string') throw new KustomizeSubsetError(`${where('resources')} holds a non-path`);
    const target = path.resolve(folder, entry);
    if (!existsSync(target)) throw new KustomizeSubsetError(`${where('resources')}: ${entry} does not exist`);
    objects.push(...(statSync(target).isDirectory() ? renderKustomization(target) : readObjects(target)));
  }

  for (const entry of listOf(kustomization, 'patches', file)) {
    const patchPath = fieldsOf(entry, ['path'], where('patches'))['path'];
    if (typeof patchPath !== 'string') throw new KustomizeSubsetError(`${where('patches')}: a patch needs a path`);
    const patchFile = path.resolve(folder, patchPath);
    for (const patch of readObjects(patchFile)) applyPatch(objects, patch, patchFile);
  }

  for (const entry of listOf(kustomization, 'images', file)) {
    const { name, newName, newTag } = fieldsOf(entry, ['name', 'newName', 'newTag'], where('images'));
    if (typeof name !== 'string') throw new KustomizeSubsetError(`${where('images')}: an image needs a name`);
    setImages(objects, name, optionalString(newName, where('images')), optionalString(newTag, where('images')));
  }

  for (const entry of listOf(kustomization, 'replicas', file)) {
    const { name, count } = fieldsOf(entry, ['name', 'count'], where('replicas'));
    const deployments = objects.filter((object) => object.kind === 'Deployment' && object.metadata.name === name);
    if (deployments.length !== 1 || typeof count !== 'number')
      throw new KustomizeSubsetError(`${where('replicas')}: ${JSON.stringify(name)} is not one Deployment with a count`);
    for (const deployment of deployments) (deployment['spec'] as JsonObject)['replicas'] = count;
  }

  const namespace = kustomization['namespace'];
  if (namespace !== undefined) {
    if (typeof namespace !== 'string') throw new KustomizeSubsetError(`${where('namespace')} is not a name`);
    for (const object of objects) object.metadata.namespace = namespace;
  }
  return objects;
}

function readOne(file: string): JsonObject {
  const documents = readDocuments(file);
  const only = documents[0];
  if (documents.length !== 1 || !isObject(only)) throw new KustomizeSubsetError(`${file} is not one YAML map`);
  return only;
}

function readDocuments(file: string): Json[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new KustomizeSubsetError(`${file}: ${document.errors[0]?.message ?? 'invalid YAML'}`);
    return document.toJSON() as Json;
  });
}

/** The objects of a manifest file; empty documents (a lone comment, a leading `---`) are none. */
function readObjects(file: string): KubernetesObject[] {
  return readDocuments(file)
    .filter((document) => document !== null)
    .map((document) => {
      if (!isObject(document) || typeof document['apiVersion'] !== 'string' || typeof document['kind'] !== 'string')
        throw new KustomizeSubsetError(`${file}: a document without apiVersion and kind`);
      const metadata = document['metadata'];
      if (!isObject(metadata) || typeof metadata['name'] !== 'string') throw new KustomizeSubsetError(`${file}: an object without a name`);
      return document as unknown as KubernetesObject;
    });
}

function applyPatch(objects: KubernetesObject[], patch: KubernetesObject, file: string): void {
  const targets = objects.filter(
    (object) => object.apiVersion === patch.apiVersion && object.kind === patch.kind && object.metadata.name === patch.metadata.name,
  );
  const target = targets[0];
  if (targets.length !== 1 || target === undefined)
    throw new KustomizeSubsetError(`${file}: the patch of ${patch.kind} ${patch.metadata.name} matches ${targets.length} objects, not one`);
  const merged = mergePatch(
    target as unknown as JsonObject,
    patch as unknown as JsonObject,
    `${file}: ${patch.kind} ${patch.metadata.name}`,
  );
  objects[objects.indexOf(target)] = merged as unknown as KubernetesObject;
}

/** A strategic merge patch of the subset: returns a new value, leaving both inputs alone. */
export function mergePatch(base: Json | undefined, patch: Json, where: string, field = ''): Json {
  if (Array.isArray(patch)) return mergeList(base, patch, `${where}.${field}`, field);
  if (!isObject(patch) || !isObject(base)) return structuredClone(patch);
  const result: JsonObject = structuredClone(base);
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) throw new KustomizeSubsetError(`${where}: the directive ${key} is not in the subset CI renders`);
    if (value === null) delete result[key];
    else result[key] = mergePatch(base[key], value, `${where}.${key}`, key);
  }
  return result;
}

function mergeList(base: Json | undefined, patch: Json[], where: string, field: string): Json {
  if (REPLACED_LISTS.has(field)) return structuredClone(patch);
  const key = MERGED_LISTS[field];
  if (key === undefined) throw new KustomizeSubsetError(`${where}: a list the subset CI renders does not patch`);
  const existing = Array.isArray(base) ? base : [];
  const idOf = (item: Json | undefined): Json | undefined => (isObject(item) ? item[key] : undefined);
  // kustomize's order: the patch's items first, in the patch's order (each merged into the item
  // of the same key, or new), then the items the patch does not name, in their order.
  const patched = patch.map((item) => {
    const id = idOf(item);
    if (typeof id !== 'string') throw new KustomizeSubsetError(`${where}: an item without its ${key}`);
    return mergePatch(
      existing.find((candidate) => idOf(candidate) === id),
      item,
      `${where}[${id}]`,
    );
  });
  const named = new Set(patch.map(idOf));
  return [...patched, ...existing.filter((item) => !named.has(idOf(item))).map((item) => structuredClone(item))];
}

function setImages(objects: KubernetesObject[], name: string, newName: string | undefined, newTag: string | undefined): void {
  let matched = 0;
  for (const object of objects) {
    const pod = podSpecOf(object);
    if (pod === undefined) continue;
    for (const field of ['containers', 'initContainers']) {
      const containers = pod[field];
      if (!Array.isArray(containers)) continue;
      for (const container of containers) {
        if (!isObject(container) || typeof container['image'] !== 'string') continue;
        const image = container['image'];
        if (image.includes('@')) throw new KustomizeSubsetError(`${object.metadata.name}: image digests are not in the subset CI renders`);
        const tagAt = image.lastIndexOf(':') > image.lastIndexOf('/') ? image.lastIndexOf(':') : -1;
        const [imageName, tag] = tagAt < 0 ? [image, undefined] : [image.slice(0, tagAt), image.slice(tagAt + 1)];
        if (imageName !== name) continue;
        const finalTag = newTag ?? tag;
        container['image'] = `${newName ?? imageName}${finalTag === undefined ? '' : `:${finalTag}`}`;
        matched += 1;
      }
    }
  }
  if (matched === 0) throw new KustomizeSubsetError(`images: no container runs ${name}`);
}

function podSpecOf(object: KubernetesObject): JsonObject | undefined {
  const spec = object['spec'] as Json | undefined;
  if (!isObject(spec)) return undefined;
  const template = spec['template'];
  if (!isObject(template)) return undefined;
  const pod = template['spec'];
  return isObject(pod) ? pod : undefined;
}

function listOf(kustomization: JsonObject, field: string, file: string): Json[] {
  const value = kustomization[field];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new KustomizeSubsetError(`${file}: ${field} is not a list`);
  return value;
}

function fieldsOf(entry: Json, allowed: readonly string[], where: string): JsonObject {
  if (!isObject(entry)) throw new KustomizeSubsetError(`${where}: an entry is not a map`);
  for (const field of Object.keys(entry))
    if (!allowed.includes(field)) throw new KustomizeSubsetError(`${where}: ${field} is not in the subset CI renders`);
  return entry;
}

function optionalString(value: Json | undefined, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new KustomizeSubsetError(`${where}: ${JSON.stringify(value)} is not a string`);
  return value;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
