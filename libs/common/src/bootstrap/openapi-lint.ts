import type { OpenAPIObject } from '@nestjs/swagger';
import { OPENAPI_TAG_DESCRIPTIONS } from './openapi-tags';

type Schema = Record<string, unknown>;
type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Who answers for the documents and under which terms they are given (package.json's licence). */
export const OPENAPI_CONTACT = { name: 'Teamfit platform team' };
export const OPENAPI_LICENSE = { name: 'UNLICENSED (proprietary)' };

/** Every operation of a document with its method and path. */
export function operationsOf(document: OpenAPIObject): Array<{ method: string; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([route, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method, path: route, operation }] : [];
    }),
  );
}

/** The JSON type of a schema, following one $ref into the document's components. */
function typeOf(schema: Schema, document: OpenAPIObject): string | undefined {
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name] as Schema | undefined;
    return target === undefined ? undefined : typeOf(target, document);
  }
  if (typeof schema['type'] === 'string') return schema['type'];
  return schema['properties'] !== undefined ? 'object' : undefined;
}

/**
 * OpenAPI 3.0's `nullable` only means something beside a `type`: a nullable composition
 * (`allOf`, `oneOf`, `anyOf`) gets the type its branches share.
 */
function typeNullableCompositions(node: unknown, document: OpenAPIObject): void {
  if (Array.isArray(node)) {
    for (const item of node) typeNullableCompositions(item, document);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Schema;
  if (schema['nullable'] === true && schema['type'] === undefined) {
    const branches = (schema['allOf'] ?? schema['oneOf'] ?? schema['anyOf']) as Schema[] | undefined;
    const types = new Set((branches ?? []).map((branch) => typeOf(branch, document)));
    const [only] = [...types];
    if (types.size === 1 && only !== undefined) schema['type'] = only;
  }
  for (const value of Object.values(schema)) typeNullableCompositions(value, document);
}

/**
 * Completes what the generator leaves implicit, so the document lints clean: a public operation
 * says `security: []` (every other one names the bearer scheme), nullable compositions carry
 * their type, every tag used is listed with its description, and the document names its contact
 * and licence. A tag without a description in openapi-tags.ts is listed with an empty one, which
 * tools/openapi/platform-openapi.spec.ts refuses for the committed document.
 */
export function completeOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  const used: string[] = [];
  for (const { operation } of operationsOf(document)) {
    operation.security ??= [];
    for (const tag of operation.tags ?? []) if (!used.includes(tag)) used.push(tag);
  }
  document.tags = used.map((name) => ({ name, description: OPENAPI_TAG_DESCRIPTIONS[name] ?? '' }));
  document.info = { ...document.info, contact: OPENAPI_CONTACT, license: OPENAPI_LICENSE };
  typeNullableCompositions(document.components?.schemas, document);
  typeNullableCompositions(document.paths, document);
  return document;
}
