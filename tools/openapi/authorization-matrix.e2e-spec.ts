import type { OpenAPIObject } from '@nestjs/swagger';
import type { ServiceName } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestService, TestTokens } from '@teamfit/platform/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AccessRule, type Caller, CALLERS, OPERATION_RULES, type Outcome } from './authorization-rules';
import { gatewayPathOf, SERVICE_MODULES } from './platform-openapi';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Profile first (the personas), organisation before evaluation (it seeds the questionnaire). */
const ORDER: ServiceName[] = ['profile', 'organisation', 'media', 'evaluation', 'auth'];
/** A path parameter nobody owns: past the access rules it is a 400 or a 404, never someone's data. */
const NOBODYS_ID = '999999';

/** What the persona-owned and private operations are called with, made through the real APIs. */
interface Fixtures {
  self: string;
  other: string;
  privateFile: string;
  evaluation: string;
  secondEvaluation: string;
  questionId: number;
  otherTeam: number;
}

interface Call {
  path?: Record<string, string>;
  query?: string;
  body?: unknown;
}

/** Operations whose rule depends on whose resource it is: called on "self"'s resources. */
const CALLS: Readonly<Record<string, (fx: Fixtures) => Call>> = {
  'GET /profile/persona/{id}': (fx) => ({ path: { id: fx.self } }),
  'GET /profile/persona/{id}/export': (fx) => ({ path: { id: fx.self } }),
  'GET /profile/persona/{id}/demographics': (fx) => ({ path: { id: fx.self } }),
  'PUT /profile/persona/{id}/demographics': (fx) => ({
    path: { id: fx.self },
    body: { sex: 'DECLINED', raceEthnicity: 'DECLINED', consent: true },
  }),
  'DELETE /profile/persona/{id}/demographics': (fx) => ({ path: { id: fx.self } }),
  'PATCH /profile/persona/{id}': (fx) => ({ path: { id: fx.self }, body: { profileBio: 'Changed by the matrix' } }),
  'POST /profile/persona/{id}/email/verify': (fx) => ({ path: { id: fx.self }, body: { otp: '000000' } }),
  'GET /media/media/{id}': (fx) => ({ path: { id: fx.privateFile } }),
  'GET /evaluation/evaluation': (fx) => ({ query: `personaId=${fx.self}` }),
  'POST /evaluation/evaluation/compare': (fx) => ({ body: { evaluationIdA: fx.evaluation, evaluationIdB: fx.secondEvaluation } }),
  'GET /evaluation/evaluation/{id}': (fx) => ({ path: { id: fx.evaluation } }),
  'POST /evaluation/evaluation/{id}/answer': (fx) => ({ path: { id: fx.evaluation }, body: { questionId: fx.questionId, value: 3 } }),
  'GET /evaluation/evaluation/{id}/questions': (fx) => ({ path: { id: fx.evaluation } }),
  'POST /evaluation/evaluation/{id}/team-match': (fx) => ({ path: { id: fx.evaluation }, body: {} }),
  'POST /evaluation/evaluation/{id}/compare-team': (fx) => ({ path: { id: fx.evaluation }, body: { algorithmTeamId: fx.otherTeam } }),
  // Incomplete: past the access rules it is a 409, which the rule counts as allowed.
  'GET /evaluation/evaluation/{id}/explanation': (fx) => ({ path: { id: fx.evaluation } }),
  // The first questionnaire version of the matrix's own database: its evaluations fixed it.
  'GET /evaluation/reports/item-statistics': () => ({ query: 'questionnaireVersionId=1' }),
  'POST /evaluation/evaluation/{id}/reviews': (fx) => ({ path: { id: fx.evaluation }, body: { decision: 'CONFIRMED', reason: 'Matrix' } }),
  'GET /evaluation/evaluation/{id}/reviews': (fx) => ({ path: { id: fx.evaluation } }),
  'POST /evaluation/evaluation/{id}/contest': (fx) => ({ path: { id: fx.evaluation }, body: { message: 'Matrix' } }),
};

/**
 * Every operation of every service's OpenAPI document, called as every kind of caller, answers as
 * authorization-rules.ts declares: 401 and 403 with the platform's error body, anything else
 * (a 400 for a body the matrix does not fill in, a 404 for an id nobody owns) counts as allowed.
 */
describe('the authorization matrix: every operation × every kind of caller', () => {
  const tokens = new TestTokens();
  const fx = { self: randomUUID(), other: randomUUID() } as Fixtures;
  const seen = new Set<string>();
  let database: TestDatabase;
  let mediaDir: string;

  const persona = (personaId: string) =>
    tokens.mint({ sub: personaId, kind: 'persona', emailAddress: `${personaId}@example.test`, personaId });
  const bearerOf: Record<Caller, () => string | undefined> = {
    none: () => undefined,
    login: () => tokens.mint({ sub: randomUUID(), kind: 'login', emailAddress: 'member@example.test', challengeId: randomUUID() }),
    personaLogin: () =>
      tokens.mint({
        sub: fx.self,
        kind: 'persona-login',
        emailAddress: 'self@example.test',
        personaId: fx.self,
        challengeId: randomUUID(),
      }),
    // Refresh tokens are opaque random strings; one in their form must never pass as an access token.
    refresh: () => randomBytes(32).toString('base64url'),
    personaSelf: () => persona(fx.self),
    personaOther: () => persona(fx.other),
    account: () => tokens.account(),
    admin: () => tokens.admin(),
  };

  const send = (url: string, method: string, route: string, body: unknown, caller: Caller | 'admin' = 'admin'): Promise<Response> => {
    const token = bearerOf[caller]();
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  };
  const adminJson = async (url: string, method: string, route: string, body?: unknown): Promise<Record<string, unknown>> => {
    const response = await send(url, method, route, body);
    if (response.status >= 300) throw new Error(`fixture ${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };

  /** The resources "self" owns, made through each service's own API as an administrator. */
  const FIXTURES: Partial<Record<ServiceName, (url: string) => Promise<void>>> = {
    profile: async (url) => {
      fx.self = (await adminJson(url, 'POST', '/persona', { user_id: randomUUID(), role: 'Engineer', description: 'Self' }))[
        'id'
      ] as string;
      fx.other = (await adminJson(url, 'POST', '/persona', { user_id: randomUUID(), role: 'Engineer', description: 'Other' }))[
        'id'
      ] as string;
    },
    media: async (url) => {
      const form = new FormData();
      form.append('public', 'false');
      form.append('file', new Blob([Buffer.from('%PDF-1.7\n%%EOF\n')]), 'attachment.pdf');
      const response = await fetch(`${url}/media`, { method: 'POST', headers: { authorization: `Bearer ${tokens.admin()}` }, body: form });
      expect(response.status).toBe(201);
      fx.privateFile = ((await response.json()) as { id: string }).id;
    },
    evaluation: async (url) => {
      const team = (await adminJson(url, 'POST', '/algorithm/teams', { name: 'Own', memberPersonaIds: [fx.other] }))['id'] as number;
      fx.otherTeam = (await adminJson(url, 'POST', '/algorithm/teams', { name: 'Other', memberPersonaIds: [fx.other] }))['id'] as number;
      const created = await adminJson(url, 'POST', '/evaluation', { personaId: fx.self, teamId: team });
      fx.evaluation = created['id'] as string;
      fx.questionId = (created['currentQuestion'] as { id: number }).id;
      fx.secondEvaluation = (await adminJson(url, 'POST', '/evaluation', { personaId: fx.self, teamId: fx.otherTeam }))['id'] as string;
      // One answer, so that the comparisons have something to score.
      const answered = await send(
        url,
        'POST',
        `/evaluation/${fx.evaluation}/answer`,
        { questionId: fx.questionId, value: 4 },
        'personaSelf',
      );
      expect(answered.status).toBe(200);
    },
  };

  const expected = (outcome: Outcome, status: number): boolean =>
    outcome === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === outcome;

  async function checkOperation(url: string, key: string, method: string, route: string, rule: AccessRule): Promise<string[]> {
    const call = CALLS[key]?.(fx) ?? {};
    const filled = route.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(call.path?.[name] ?? NOBODYS_ID));
    const target = call.query ? `${filled}?${call.query}` : filled;
    const body = call.body ?? (method === 'get' || method === 'delete' ? undefined : {});
    const mismatches: string[] = [];
    for (const caller of CALLERS) {
      const response = await send(url, method.toUpperCase(), target, body, caller);
      const text = await response.text();
      if (!expected(rule[caller], response.status))
        mismatches.push(`${key} as ${caller}: expected ${rule[caller]}, got ${response.status} ${text.slice(0, 120)}`);
      else if (response.status === 401 || response.status === 403) {
        const error = JSON.parse(text) as Record<string, unknown>;
        if (error['statusCode'] !== response.status || typeof error['message'] !== 'string')
          mismatches.push(`${key} as ${caller}: not the platform error body: ${text.slice(0, 120)}`);
      }
    }
    return mismatches;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = mkdtempSync(path.join(tmpdir(), 'teamfit-matrix-media-'));
  });

  afterAll(async () => {
    await database?.drop();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  it.each(ORDER)(
    '%s: every operation of its OpenAPI document has a rule, and every caller gets what the rule says',
    async (service) => {
      const running = await startTestService(service, SERVICE_MODULES[service], {
        databaseUrl: database.url,
        keys: tokens.keys,
        env: { MEDIA_DIR: mediaDir },
      });
      try {
        await FIXTURES[service]?.(running.url);
        const document = (await (await fetch(`${running.url}/docs-json`)).json()) as OpenAPIObject;
        const mismatches: string[] = [];
        let operations = 0;
        for (const [route, item] of Object.entries(document.paths)) {
          for (const method of METHODS) {
            if (!item[method]) continue;
            operations += 1;
            const key = `${method.toUpperCase()} ${gatewayPathOf(service, route)}`;
            seen.add(key);
            const rule = OPERATION_RULES[key];
            if (!rule) mismatches.push(`${key}: no rule declared in authorization-rules.ts`);
            else mismatches.push(...(await checkOperation(running.url, key, method, route, rule)));
          }
        }
        expect(operations).toBeGreaterThan(0);
        expect(mismatches).toEqual([]);
      } finally {
        await running.close();
      }
    },
    120_000,
  );

  it('declares rules only for operations that exist', () => {
    expect(seen.size).toBeGreaterThan(150);
    expect(Object.keys(OPERATION_RULES).filter((key) => !seen.has(key))).toEqual([]);
  });
});
