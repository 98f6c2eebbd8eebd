import { TOKEN_STANDING_TTL_MS } from '@teamfit/auth';
import type { Clock, ServiceModuleFactory } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { freePort } from '@teamfit/gateway';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import request from 'supertest';
import { authAppModule } from '../../auth/src/auth-app.module';
import { evaluationAppModule } from '../../evaluation/src/evaluation-app.module';
import { mediaAppModule } from '../../media/src/media-app.module';
import { profileAppModule } from '../../profile/src/profile-app.module';
import { organisationAppModule } from '../src/organisation-app.module';

/**
 * Rights are read from the account, not from the token (docs/adr/0067-rights-read-from-the-account.md):
 * an administrator demoted, blocked or deleted through the real routes loses its rights on every
 * service once the standing window has passed, though its token is still valid for minutes.
 * Every service runs on one clock the test moves, so no test waits out the window.
 */
describe('rights read from the account, on every service', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let offsetMs = 0;
  const now: Clock = () => new Date(Date.now() + offsetMs);
  const windowPasses = () => {
    offsetMs += TOKEN_STANDING_TTL_MS + 1;
  };
  let database: TestDatabase;
  const services: Record<string, RunningTestService> = {};

  /** An admin-only route of each service, called with an empty body: 400 when the caller is let in, 403 when not. */
  const ADMIN_ROUTES: ReadonlyArray<{ service: string; path: string }> = [
    { service: 'organisation', path: '/account' },
    { service: 'profile', path: '/persona' },
    { service: 'evaluation', path: '/algorithm/teams' },
    { service: 'media', path: '/media' },
  ];

  const start = (name: 'auth' | 'profile' | 'organisation' | 'media' | 'evaluation', factory: ServiceModuleFactory) =>
    startTestService(name, factory, { databaseUrl: database.url, keys: tokens.keys }).then((running) => {
      services[name] = running;
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    await Promise.all([
      start('auth', (config) => authAppModule(config, { now })),
      start('profile', (config) => profileAppModule(config, { now })),
      start('organisation', (config) => organisationAppModule(config, { now })),
      start('media', (config) => mediaAppModule(config, { now })),
      start('evaluation', (config) => evaluationAppModule(config, { now })),
    ]);
  });

  afterAll(async () => {
    await Promise.all(Object.values(services).map((service) => service.close()));
    await database?.drop();
  });

  const organisation = () => request(services['organisation']!.url);

  /** A second administrator, created by the seeded one, and an access token of its own. */
  const newAdministrator = async (name: string): Promise<{ id: string; bearer: string }> => {
    const created = await organisation()
      .post('/account')
      .set('Authorization', admin)
      .send({ emailAddress: `${name}@example.test`, firstName: name, lastName: 'Admin', isAdmin: true })
      .expect(201);
    const id = (created.body as { id: string }).id;
    return { id, bearer: `Bearer ${tokens.mint({ sub: id, kind: 'account', emailAddress: `${name}@example.test`, isAdmin: true })}` };
  };

  const adminRouteStatuses = async (bearer: string): Promise<Record<string, unknown>> => {
    const answers = await Promise.all(
      ADMIN_ROUTES.map(async ({ service, path }) => {
        const answer = await request(services[service]!.url).post(path).set('Authorization', bearer).send({});
        return [`${service} POST ${path}`, answer.status === 403 ? answer.body : answer.status] as const;
      }),
    );
    return Object.fromEntries(answers);
  };

  const everyRoute = (answer: unknown) => Object.fromEntries(ADMIN_ROUTES.map(({ service, path }) => [`${service} POST ${path}`, answer]));
  const refusedAsNoAdmin = { statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' };
  const refusedAsGone = { statusCode: 403, error: 'Forbidden', message: 'The account of this token no longer exists or is blocked' };

  it('lets an administrator in on every service while it is one (each route then refuses the empty body)', async () => {
    const { bearer } = await newAdministrator('still');
    expect(await adminRouteStatuses(bearer)).toEqual(everyRoute(400));
  });

  it('refuses a demoted administrator on every service once the window has passed, though its token says isAdmin', async () => {
    const { id, bearer } = await newAdministrator('demoted');
    // Each service has read the account as an administrator and remembers it.
    expect(await adminRouteStatuses(bearer)).toEqual(everyRoute(400));

    await organisation().put(`/account/${id}`).set('Authorization', admin).send({ isAdmin: false }).expect(200);
    windowPasses();

    expect(await adminRouteStatuses(bearer)).toEqual(everyRoute(refusedAsNoAdmin));
    // The attack of issue 31: creating another administrator with the old token.
    await organisation()
      .post('/account')
      .set('Authorization', bearer)
      .send({ emailAddress: 'successor@example.test', firstName: 'Successor', lastName: 'Admin', isAdmin: true })
      .expect(403);
    // Still a member: it reads what any account reads.
    await organisation().get('/account').set('Authorization', bearer).expect(200);
    // Routes that decide by the caller's isAdmin themselves see the account's rights, not the token's.
    const exported = await request(services['profile']!.url)
      .get('/persona/5e1f0000-0000-4000-8000-0000000000ee/export')
      .set('Authorization', bearer);
    expect(exported.body).toEqual(refusedAsNoAdmin);
    await request(services['profile']!.url)
      .get('/persona/5e1f0000-0000-4000-8000-0000000000ee/export')
      .set('Authorization', admin)
      .expect(404);
  });

  it('refuses a deleted administrator on every service once the window has passed, on member routes too', async () => {
    const { id, bearer } = await newAdministrator('deleted');
    expect(await adminRouteStatuses(bearer)).toEqual(everyRoute(400));

    await organisation().delete(`/account/${id}`).set('Authorization', admin).expect(200);
    windowPasses();

    expect(await adminRouteStatuses(bearer)).toEqual(everyRoute(refusedAsGone));
    expect((await organisation().get('/account').set('Authorization', bearer).expect(403)).body).toEqual(refusedAsGone);
  });

  it('refuses a blocked administrator on every service once the window has passed', async () => {
    const { id, bearer } = await newAdministrator('blocked');
    expect(await adminRouteStatuses(bearer)).toEqual(everyRoute(400));

    await organisation().put(`/account/${id}`).set('Authorization', admin).send({ status: 'BLOCKED' }).expect(200);
    windowPasses();

    expect(await adminRouteStatuses(bearer)).toEqual(everyRoute(refusedAsGone));
  });

  it('never grants more than the token says: a member promoted after its token was issued is no administrator with it', async () => {
    const created = await organisation()
      .post('/account')
      .set('Authorization', admin)
      .send({ emailAddress: 'promoted@example.test', firstName: 'Pro', lastName: 'Moted' })
      .expect(201);
    const id = (created.body as { id: string }).id;
    const bearer = `Bearer ${tokens.mint({ sub: id, kind: 'account', emailAddress: 'promoted@example.test', isAdmin: false })}`;
    await organisation().put(`/account/${id}`).set('Authorization', admin).send({ isAdmin: true }).expect(200);
    windowPasses();
    expect(await adminRouteStatuses(bearer)).toEqual(everyRoute(refusedAsNoAdmin));
  });

  it('refuses a token for an account that never existed, with the platform error body', async () => {
    const stranger = `Bearer ${tokens.mint({ sub: '5e1f0000-0000-4000-8000-0000000000ff', kind: 'account', emailAddress: 'x@example.test', isAdmin: true })}`;
    expect(await adminRouteStatuses(stranger)).toEqual(everyRoute(refusedAsGone));
  });
});

describe('rights read from the account while the database is down', () => {
  const tokens = new TestTokens();
  let media: RunningTestService;

  beforeAll(async () => {
    // Nothing listens there: every read of the account or of an erasure record fails to connect.
    const unreachable = `postgres://teamfit@127.0.0.1:${await freePort()}/teamfit`;
    media = await startTestService('media', mediaAppModule, { databaseUrl: unreachable, keys: tokens.keys });
  });

  afterAll(async () => {
    await media?.close();
  });

  it('answers 503 with Retry-After in the platform error body, never 500, for account and persona tokens alike', async () => {
    const persona = tokens.mint({
      sub: '5e1f0000-0000-4000-8000-0000000000aa',
      kind: 'persona',
      emailAddress: 'p@example.test',
      personaId: '5e1f0000-0000-4000-8000-0000000000aa',
    });
    for (const token of [tokens.admin(), tokens.account(), persona]) {
      const answer = await request(media.url).get('/media/0123456789abcdef01234567').set('Authorization', `Bearer ${token}`);
      expect({ status: answer.status, retryAfter: answer.headers['retry-after'], body: answer.body }).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        body: { statusCode: 503, error: 'Service Unavailable', message: expect.any(String) },
      });
    }
  });
});
