import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const SCHEMAS = 'openapi-components';
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keywords whose value is data, not a schema. */
const DATA_KEYWORDS = new Set(['example', 'default', 'enum', 'required']);

/**
 * An OpenAPI 3.0 schema as a strict JSON Schema: `nullable: true` becomes "or null", and an
 * object that lists its properties accepts no others, so an answer carrying a field the document
 * does not describe fails as surely as one missing a required field.
 */
function strictSchemaOf(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(strictSchemaOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema;
  const strict: Record<string, Json> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (DATA_KEYWORDS.has(key)) strict[key] = value;
    else if (key === 'properties') strict[key] = schemasOf(value);
    else strict[key] = strictSchemaOf(value);
  }
  if (strict['properties'] !== undefined && strict['additionalProperties'] === undefined) strict['additionalProperties'] = false;
  if (typeof strict['$ref'] === 'string') strict['$ref'] = strict['$ref'].replace('#/components/schemas/', `${SCHEMAS}#/definitions/`);
  return nullable === true ? { anyOf: [strict, { type: 'null' }] } : strict;
}

/** A map of names to schemas (`properties`, `components.schemas`), each made strict. */
function schemasOf(map: Json): Json {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return map;
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, strictSchemaOf(schema)]));
}

interface Route {
  pattern: RegExp;
  parameters: number;
  path: string;
}

/**
 * Checks real answers against the responses a service's OpenAPI document describes for them:
 * the operation is found from the method and the request path, the response from the status.
 */
export class ResponseContract {
  /** `METHOD /template status` of every answer checked, for a test to prove what it covered. */
  readonly checked = new Set<string>();
  private readonly ajv: Ajv;
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenAPIObject) {
    this.ajv = new Ajv({ allErrors: true, strict: true, keywords: ['example'] });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: SCHEMAS, definitions: schemasOf(JSON.parse(JSON.stringify(document.components?.schemas ?? {})) as Json) });
    this.routes = Object.keys(document.paths)
      .map((path) => ({
        path,
        parameters: (path.match(/\{[^}]+\}/g) ?? []).length,
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
      }))
      // A literal segment wins over a parameter: /evaluation/compare before /evaluation/{id}.
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** What is wrong with an answer, by the document; empty when it matches. */
  problemsOf(method: string, url: string, status: number, body: unknown): string[] {
    const verb = method.toLowerCase() as Method;
    const requestPath = url.split('?')[0] ?? url;
    const route = this.routes.find((candidate) => candidate.pattern.test(requestPath) && this.document.paths[candidate.path]?.[verb]);
    if (!route) return [`${method.toUpperCase()} ${requestPath}: no operation in the document`];
    const operation = `${method.toUpperCase()} ${route.path} ${status}`;
    this.checked.add(operation);
    const response = this.document.paths[route.path]?.[verb]?.responses[String(status)];
    if (!response) return [`${operation}: status not documented`];
    const schema = 'content' in response ? response.content?.['application/json']?.schema : undefined;
    const empty =
      body === undefined ||
      body === '' ||
      (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
    if (!schema) return empty ? [] : [`${operation}: a body the document does not describe`];
    const validate = this.validatorOf(operation, schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${operation}: ${error.instancePath || '(body)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
    );
  }

  /**
   * What is wrong with a request body, by the operation's `requestBody` schema (strict as the
   * answers' are): for checking a client's published examples against the document.
   */
  requestProblemsOf(method: string, url: string, body: unknown): string[] {
    const verb = method.toLowerCase() as Method;
    const requestPath = url.split('?')[0] ?? url;
    const route = this.routes.find((candidate) => candidate.pattern.test(requestPath) && this.document.paths[candidate.path]?.[verb]);
    if (!route) return [`${method.toUpperCase()} ${requestPath}: no operation in the document`];
    const operation = `${method.toUpperCase()} ${route.path} request`;
    const requestBody = this.document.paths[route.path]?.[verb]?.requestBody;
    const schema = requestBody && 'content' in requestBody ? requestBody.content['application/json']?.schema : undefined;
    if (!schema) return [`${operation}: the document describes no JSON body`];
    const validate = this.validatorOf(operation, schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${operation}: ${error.instancePath || '(body)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
    );
  }

  /** For supertest's `.expect(fn)`: throws with every problem of the answer. */
  assertMatches(method: string, url: string, status: number, body: unknown): void {
    const problems = this.problemsOf(method, url, status, body);
    if (problems.length > 0) throw new Error(`the answer differs from the OpenAPI document:\n  ${problems.join('\n  ')}`);
  }

  private validatorOf(operation: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(operation);
    if (!validate) {
      validate = this.ajv.compile(strictSchemaOf(JSON.parse(JSON.stringify(schema)) as Json) as object);
      this.validators.set(operation, validate);
    }
    return validate;
  }
}
