// Bad inputs for every operation of an OpenAPI document: one valid-looking request per operation,
// then variants that each break one thing (a path or query value, a body field, the body's shape).
import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  minimum?: number;
  pattern?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

export interface BadRequest {
  method: string;
  /** The path as sent, values already encoded (or deliberately left malformed). */
  path: string;
  body?: string;
  /** What is wrong with it, to name a failure. */
  label: string;
  /** An id in a form no id takes: anything but a 4xx means it reached (or could reach) a row. */
  mustRefuse: boolean;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const HUGE = 9_007_199_254_740_992;
const LONG = 'x'.repeat(100_000);
/** Ids as careless clients and attackers write them: none is a plain decimal, UUID or ObjectId. */
const LOOSE_IDS = ['0x10', '%201', '1e3', '+1', '-1', '1.5', '%00', '9007199254740992', '9'.repeat(400), 'abc', '0', '%E2%80%8B1'];
const BAD_VALUES: unknown[] = [HUGE, -HUGE, -1, 2_147_483_648, 1.5, 'a\u0000b', LONG, '', true, null, {}, [], ['x'], '0x10', '1e3'];

function resolve(document: OpenAPIObject, schema: Schema | undefined, depth = 0): Schema {
  if (!schema || depth > 8) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(document, (document.components?.schemas?.[name] ?? {}) as Schema, depth + 1);
  }
  const parts = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (parts && parts.length > 0) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of parts) {
      const resolved = resolve(document, part, depth + 1);
      Object.assign(merged.properties ?? {}, resolved.properties);
      merged.required?.push(...(resolved.required ?? []));
      if (!resolved.properties) return { ...resolved, ...schema, allOf: undefined, oneOf: undefined, anyOf: undefined };
    }
    return merged;
  }
  return schema;
}

/** A value the schema would accept, as far as the schema says. */
function validValue(document: OpenAPIObject, raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(document, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.format === 'uuid') return '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e';
  if (schema.format === 'email') return 'fuzz@example.test';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return depth > 4 ? [] : [validValue(document, schema.items, depth + 1)];
    case 'string':
      return schema.pattern === '^[0-9a-f]{24}$' ? '0123456789abcdef01234567' : 'fuzz';
    case 'object':
    case undefined:
    default:
      if (!schema.properties || depth > 4) return schema.type === 'object' ? {} : 'fuzz';
      return Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, validValue(document, value, depth + 1)]));
  }
}

/** Integer, UUID and ObjectId parameters: none of LOOSE_IDS is one. */
function isId(schema: Schema): boolean {
  return schema.type === 'integer' || schema.format === 'uuid' || schema.pattern === '^[0-9a-f]{24}$';
}

function deepJson(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

function pathWith(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? '1');
}

function queryOf(values: Record<string, string>): string {
  const entries = Object.entries(values);
  return entries.length === 0 ? '' : `?${entries.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&')}`;
}

/** Every bad variant of one operation, the valid-looking base values kept for all other parts. */
function operationCases(document: OpenAPIObject, method: string, route: string, operation: Operation): BadRequest[] {
  const parameters = (operation.parameters ?? []).map((parameter) => ({ ...parameter, schema: resolve(document, parameter.schema) }));
  const encode = (value: unknown) => encodeURIComponent(String(value));
  const pathValues = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, encode(validValue(document, p.schema))]),
  );
  const queryValues = Object.fromEntries(
    parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, encode(validValue(document, p.schema))]),
  );
  const json = operation.requestBody?.content?.['application/json']?.schema;
  const bodySchema = json ? resolve(document, json) : undefined;
  const base = bodySchema ? (validValue(document, bodySchema) as Record<string, unknown>) : undefined;
  const upper = method.toUpperCase();
  const cases: BadRequest[] = [];
  const send = (label: string, path: Record<string, string>, query: Record<string, string>, body: unknown, mustRefuse = false) =>
    cases.push({
      method: upper,
      path: pathWith(route, path) + queryOf(query),
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      label,
      mustRefuse,
    });

  for (const parameter of parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    // Query strings stay under Node's 16 KiB header limit, which no service code can answer.
    const values = parameter.in === 'path' ? LOOSE_IDS : [...LOOSE_IDS, 'x'.repeat(8_000), 'a%00b'];
    for (const value of values) {
      if (parameter.in === 'path')
        send(
          `path ${parameter.name}=${value.slice(0, 20)}`,
          { ...pathValues, [parameter.name]: value },
          queryValues,
          base,
          isId(parameter.schema),
        );
      else send(`query ${parameter.name}=${value.slice(0, 20)}`, pathValues, { ...queryValues, [parameter.name]: value }, base);
    }
  }
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const [field] of Object.entries(bodySchema?.properties ?? {})) {
      for (const value of BAD_VALUES)
        send(`body ${field}=${JSON.stringify(value).slice(0, 20)}`, pathValues, queryValues, { ...base, [field]: value });
      if (bodySchema?.required?.includes(field)) {
        const { [field]: _missing, ...rest } = base;
        send(`body without ${field}`, pathValues, queryValues, rest);
      }
    }
    send('body with an extra field', pathValues, queryValues, { ...base, isAdmin: true, unexpectedField: 'x' });
  }
  if (method !== 'get' && method !== 'delete') {
    send('body nested 5000 deep', pathValues, queryValues, deepJson(5_000));
    send('body a bare string', pathValues, queryValues, '"x"');
    send('body not JSON', pathValues, queryValues, '{"a":');
    send('body an array', pathValues, queryValues, '[1,2]');
  }
  return cases;
}

/** Up to `perOperation` bad variants of every operation, picked with `random` (all when fewer). */
export function badRequestsOf(document: OpenAPIObject, random: () => number, perOperation: number): BadRequest[] {
  const requests: BadRequest[] = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const cases = operationCases(document, method, route, operation);
      for (let index = cases.length - 1; index > 0; index -= 1) {
        const other = Math.floor(random() * (index + 1));
        [cases[index], cases[other]] = [cases[other] as BadRequest, cases[index] as BadRequest];
      }
      requests.push(...cases.slice(0, perOperation));
    }
  }
  return requests;
}

export function operationCount(document: OpenAPIObject): number {
  return Object.values(document.paths).reduce(
    (count, item) => count + METHODS.filter((method) => (item as Record<string, unknown>)[method]).length,
    0,
  );
}
