import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIObject } from '@nestjs/swagger';
import { PARTNER_KEY_SCHEME, type ServiceName } from '@teamfit/common';
import path from 'node:path';
import type { OpenAPI } from 'openapi-types';
import { OPERATION_RULES, PARTNER_KEY_ONLY, PUBLIC } from './authorization-rules';
import {
  describePlatform,
  mergeServiceDocuments,
  operationsOf,
  PLATFORM_DOCUMENT,
  type PlatformDescription,
  REPOSITORY,
} from './platform-openapi';

/** The validator dereferences what it is given, so it gets a copy. */
const validate = (document: OpenAPIObject) => SwaggerParser.validate(structuredClone(document) as unknown as OpenAPI.Document);

const serviceDocument = (paths: OpenAPIObject['paths'], schemas: Record<string, object> = {}): OpenAPIObject => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths,
  components: { schemas },
});
const operation = (operationId: string) => ({ operationId, responses: { 200: { description: 'ok' } } });

describe('the OpenAPI description of the platform', () => {
  let described: PlatformDescription;

  beforeAll(async () => {
    described = await describePlatform();
  }, 60_000);

  it('describes every operation of every service in OpenAPI 3.0.3, with a summary and its responses', () => {
    const { services, platform } = described;
    for (const document of [platform, ...Object.values(services)]) expect(document.openapi).toBe('3.0.3');
    const operations = operationsOf(platform);
    expect(
      operations
        .filter(({ operation: op }) => !op.summary || Object.keys(op.responses).length === 0)
        .map(({ method, path: route }) => `${method} ${route}`),
    ).toEqual([]);
    expect(operations.length).toBeGreaterThan(150);
    // A few paths clients call, as the gateway exposes them.
    expect(Object.keys(platform.paths)).toEqual(
      expect.arrayContaining([
        '/auth/login',
        '/auth/verify',
        '/auth/token',
        '/profile/persona/login',
        '/profile/persona/{id}',
        '/profile/team',
        '/organisation/organisation',
        '/organisation/stats',
        '/media/media/{id}',
        '/evaluation/evaluation/{id}',
        '/evaluation/evaluation/{id}/answer',
        '/evaluation/evaluation/compare',
        '/evaluation/algorithm/teams',
        '/admin/service-requests',
        '/hub/service-requests',
      ]),
    );
  });

  it('is valid OpenAPI 3.0 by a validator, the committed file, the generated document and every service document alike', async () => {
    await expect(SwaggerParser.validate(path.join(REPOSITORY, PLATFORM_DOCUMENT))).resolves.toBeDefined();
    await expect(validate(described.platform)).resolves.toBeDefined();
    for (const document of Object.values(described.services)) await expect(validate(document)).resolves.toBeDefined();
    // The validator refuses what it should: a reference to a schema nobody describes.
    const broken = structuredClone(described.platform);
    const login = broken.paths['/auth/login']?.post;
    if (!login) throw new Error('POST /auth/login is not described');
    login.responses['200'] = { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nobody' } } } };
    await expect(validate(broken)).rejects.toThrow(/Nobody/);
  });

  it('says which operations need no token (security: [] or [{}]) exactly as the access rules do, and lists every tag it uses', () => {
    const open: string[] = [];
    const tags = new Set((described.platform.tags ?? []).map((tag) => tag.name));
    for (const { method, path: route, operation } of operationsOf(described.platform)) {
      const key = `${method.toUpperCase()} ${route}`;
      // [] needs no token; [{}] takes one if given (a public file whose answer a token may widen).
      const security = JSON.stringify(operation.security);
      if (security === '[]' || security === '[{}]') open.push(key);
      else {
        // The partner routes name the Basic scheme of partner API keys, as their rule says; every other one the bearer scheme.
        const scheme = OPERATION_RULES[key] === PARTNER_KEY_ONLY ? PARTNER_KEY_SCHEME : 'bearer';
        expect({ key, security: operation.security }).toEqual({ key, security: [{ [scheme]: [] }] });
      }
      for (const tag of operation.tags ?? []) expect({ key, tag, listed: tags.has(tag) }).toEqual({ key, tag, listed: true });
    }
    const publicRules = Object.entries(OPERATION_RULES)
      .filter(([, rule]) => rule === PUBLIC)
      .map(([key]) => key);
    expect(open.sort()).toEqual(publicRules.sort());
    for (const tag of described.platform.tags ?? [])
      expect({ tag: tag.name, described: (tag.description ?? '') !== '' }).toEqual({ tag: tag.name, described: true });
  });

  it('gives every operation an operationId of its own, named after its service', () => {
    const ids = operationsOf(described.platform).map(({ operation: op }) => op.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(described.platform.paths['/profile/team']?.get?.operationId).toBe('profile_TeamController_list');
    expect(described.platform.paths['/evaluation/algorithm/teams']?.get?.operationId).toBe('evaluation_TeamController_list');
    expect(described.platform.paths['/auth/health']?.get?.operationId).toBe('auth_HealthController_health');
  });

  it("describes each service's team by its own schema: the profile team is not the algorithm team", () => {
    const createdSchemaOf = (route: string) => {
      const response = described.platform.paths[route]?.post?.responses['201'];
      return response && 'content' in response ? response.content?.['application/json']?.schema : undefined;
    };
    const schemas = described.platform.components?.schemas ?? {};
    expect(createdSchemaOf('/profile/team')).toEqual({ $ref: '#/components/schemas/TeamDto' });
    expect(createdSchemaOf('/evaluation/algorithm/teams')).toEqual({ $ref: '#/components/schemas/AlgorithmTeamDto' });
    expect(schemas['TeamDto']).toEqual(described.services.profile.components?.schemas?.['TeamDto']);
    expect(schemas['AlgorithmTeamDto']).toEqual(described.services.evaluation.components?.schemas?.['AlgorithmTeamDto']);
    expect(schemas['TeamDto']).toHaveProperty('properties._id');
    expect(schemas['AlgorithmTeamDto']).toHaveProperty('properties.memberPersonaIds');
  });

  it('gives every answer with a body a typed schema: every 200 and 201 but the empty ping, and every evaluation error', () => {
    const untyped: string[] = [];
    for (const { method, path: route, operation: op } of operationsOf(described.platform)) {
      for (const [status, response] of Object.entries(op.responses)) {
        const typed =
          response !== undefined && 'content' in response && response.content !== undefined && Object.keys(response.content).length > 0;
        const mustBeTyped = status === '200' || status === '201' || route.startsWith('/evaluation/evaluation');
        if (mustBeTyped && !typed && !route.endsWith('/_ping')) untyped.push(`${method.toUpperCase()} ${route} ${status}`);
      }
    }
    expect(untyped).toEqual([]);
  });
});

describe('merging the services into one document', () => {
  const merge = (...documents: Array<[ServiceName, OpenAPIObject]>) => mergeServiceDocuments(documents);

  it('puts each path behind its service prefix and keeps one copy of a schema two services share', () => {
    const shared = { type: 'object', properties: { message: { type: 'string' } } };
    const platform = merge(
      ['auth', serviceDocument({ '/login': { post: operation('auth_login') } }, { Shared: shared, Zeta: {} })],
      ['profile', serviceDocument({ '/team': { get: operation('profile_team') } }, { Shared: shared, Alpha: {} })],
    );
    expect(Object.keys(platform.paths)).toEqual(['/auth/login', '/profile/team']);
    expect(Object.keys(platform.components?.schemas ?? {})).toEqual(['Alpha', 'Shared', 'Zeta']);
  });

  it('refuses, naming both sides, a schema name two services describe differently, rather than keeping one', () => {
    const profile = serviceDocument(
      { '/team': { get: operation('profile_team') } },
      { TeamDto: { type: 'object', properties: { _id: { type: 'string' } } } },
    );
    const evaluation = serviceDocument(
      { '/algorithm/teams': { get: operation('evaluation_teams') } },
      { TeamDto: { type: 'object', properties: { id: { type: 'integer' } } } },
    );
    expect(() => merge(['profile', profile], ['evaluation', evaluation])).toThrow(
      'schema TeamDto is described differently by profile and evaluation',
    );
  });

  it('refuses an operationId used twice and a path two services claim', () => {
    expect(() =>
      merge(
        ['auth', serviceDocument({ '/health': { get: operation('health') } })],
        ['media', serviceDocument({ '/health': { get: operation('health') } })],
      ),
    ).toThrow('operationId health names both GET /auth/health and GET /media/health');
    expect(() =>
      merge(
        ['organisation', serviceDocument({ '/admin/service-requests': { get: operation('a') } })],
        ['media', serviceDocument({ '/admin/service-requests': { get: operation('b') } })],
      ),
    ).toThrow('path /admin/service-requests is served by two services');
  });
});
