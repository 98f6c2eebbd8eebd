import { clockPast } from '@teamfit/common/testing';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import {
  expectBadRequest,
  ISO_TIMESTAMP,
  type RunningTestService,
  startTestService,
  TEST_ADMIN_ACCOUNT,
  TEST_MEMBER_ACCOUNT,
  TestTokens,
  UNKNOWN_UUID,
  UUID,
} from '@teamfit/platform/testing';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';

const ADMIN_EMAIL = 'root.admin@teamfit.test';
const ORGANISATION_ID = '5d7f7c43-8a4e-4b7c-9b3f-0e6c2d1a9f88';

interface Account {
  id: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  organisationId: string | null;
  isAdmin: boolean;
  status: string;
  createdAt: string;
  updatedAt: string;
}

describe('organisation service: /account', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  const member = `Bearer ${tokens.account()}`;
  let database: TestDatabase;
  let service: RunningTestService;

  const start = (adminEmail: string = ADMIN_EMAIL) =>
    startTestService('organisation', organisationAppModule, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { ADMIN_EMAIL: adminEmail },
    });
  const api = () => request(service.url);
  const listAccounts = async (): Promise<Account[]> =>
    (await api().get('/account').set('Authorization', member).expect(200)).body as Account[];
  const createAccount = async (body: Record<string, unknown>): Promise<Account> =>
    (await api().post('/account').set('Authorization', admin).send(body).expect(201)).body as Account;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await start();
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  describe('administrator account', () => {
    it('exists after start for ADMIN_EMAIL', async () => {
      const admins = (await listAccounts()).filter((account) => account.emailAddress.toLowerCase() === ADMIN_EMAIL);
      expect(admins).toEqual([
        {
          id: expect.stringMatching(UUID),
          emailAddress: ADMIN_EMAIL,
          firstName: 'Platform',
          lastName: 'Administrator',
          organisationId: null,
          isAdmin: true,
          status: 'ACTIVE',
          createdAt: expect.stringMatching(ISO_TIMESTAMP),
          updatedAt: expect.stringMatching(ISO_TIMESTAMP),
        },
      ]);
    });

    it('is not duplicated by more instances on the same database, started together, in any letter case', async () => {
      const before = await listAccounts();
      const others = await Promise.all([start(), start(ADMIN_EMAIL.toUpperCase()), start()]);
      await Promise.all(others.map((other) => other.close()));
      expect(await listAccounts()).toEqual(before);
    });
  });

  describe('create', () => {
    it('answers 201 with the full account, defaults applied', async () => {
      const response = await api()
        .post('/account')
        .set('Authorization', admin)
        .send({ emailAddress: 'Ada.Lovelace@Example.test', firstName: 'Ada', lastName: 'Lovelace' })
        .expect(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(UUID),
        emailAddress: 'Ada.Lovelace@Example.test',
        firstName: 'Ada',
        lastName: 'Lovelace',
        organisationId: null,
        isAdmin: false,
        status: 'ACTIVE',
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
    });

    it('stores every given field', async () => {
      const account = await createAccount({
        emailAddress: 'grace@example.test',
        firstName: 'Grace',
        lastName: 'Hopper',
        organisationId: ORGANISATION_ID,
        isAdmin: true,
        status: 'PENDING',
      });
      expect(account).toMatchObject({
        emailAddress: 'grace@example.test',
        organisationId: ORGANISATION_ID,
        isAdmin: true,
        status: 'PENDING',
      });
      const stored = await api().get(`/account/${account.id}`).set('Authorization', member).expect(200);
      expect(stored.body).toEqual(account);
    });

    it.each([
      ['a bad e-mail address', { emailAddress: 'not-an-email', firstName: 'A', lastName: 'B' }, 'emailAddress must be an email'],
      ['a missing firstName', { emailAddress: 'nofirst@example.test', lastName: 'B' }, 'firstName'],
      ['an empty lastName', { emailAddress: 'nolast@example.test', firstName: 'A', lastName: '' }, 'lastName should not be empty'],
      [
        'an unknown field',
        { emailAddress: 'extra@example.test', firstName: 'A', lastName: 'B', role: 'HR' },
        'property role should not exist',
      ],
      [
        'an unknown status',
        { emailAddress: 'status@example.test', firstName: 'A', lastName: 'B', status: 'DELETED' },
        'status must be one of',
      ],
      ['a null isAdmin', { emailAddress: 'null@example.test', firstName: 'A', lastName: 'B', isAdmin: null }, 'isAdmin must be a boolean'],
      [
        'an organisationId that is not a UUID',
        { emailAddress: 'org@example.test', firstName: 'A', lastName: 'B', organisationId: 'acme' },
        'organisationId must be a UUID',
      ],
    ])('rejects %s with 400 naming the field, creating nothing', async (_case, body, fragment) => {
      const before = await listAccounts();
      const response = await api().post('/account').set('Authorization', admin).send(body).expect(400);
      expectBadRequest(response.body, fragment);
      expect(await listAccounts()).toEqual(before);
    });

    it('rejects an e-mail address already used, in any letter case, with 409 in the platform body', async () => {
      await createAccount({ emailAddress: 'alan@example.test', firstName: 'Alan', lastName: 'Turing' });
      const response = await api()
        .post('/account')
        .set('Authorization', admin)
        .send({ emailAddress: 'ALAN@Example.TEST', firstName: 'Other', lastName: 'Alan' })
        .expect(409);
      expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'An account with this e-mail address already exists' });
      const alans = (await listAccounts()).filter((account) => account.emailAddress.toLowerCase() === 'alan@example.test');
      expect(alans).toHaveLength(1);
      expect(alans[0]?.firstName).toBe('Alan');
    });
  });

  describe('read', () => {
    it('lists every account, oldest first', async () => {
      const first = await createAccount({ emailAddress: 'list-1@example.test', firstName: 'List', lastName: 'One' });
      const second = await createAccount({ emailAddress: 'list-2@example.test', firstName: 'List', lastName: 'Two' });
      const listed = await listAccounts();
      const ids = listed.map((account) => account.id);
      expect(listed).toEqual(expect.arrayContaining([first, second]));
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      // The test accounts are in the template this database was cloned from, so older than the one seeded at start.
      expect(listed.slice(0, 3).map((account) => account.emailAddress)).toEqual([
        TEST_ADMIN_ACCOUNT.emailAddress,
        TEST_MEMBER_ACCOUNT.emailAddress,
        ADMIN_EMAIL,
      ]);
    });

    it('gets one account by id', async () => {
      const account = await createAccount({ emailAddress: 'get@example.test', firstName: 'Get', lastName: 'Me' });
      const response = await api().get(`/account/${account.id}`).set('Authorization', member).expect(200);
      expect(response.body).toEqual(account);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await api().get(`/account/${UNKNOWN_UUID}`).set('Authorization', member).expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Account not found' });
    });

    it.each([
      ['GET', (id: string) => api().get(`/account/${id}`).set('Authorization', member)],
      ['PUT', (id: string) => api().put(`/account/${id}`).set('Authorization', admin).send({ firstName: 'X' })],
      ['DELETE', (id: string) => api().delete(`/account/${id}`).set('Authorization', admin)],
    ])('%s answers 400 naming id when it is not a UUID', async (_method, send) => {
      const response = await send('not-a-uuid').expect(400);
      expectBadRequest(response.body, 'id must be a UUID');
    });
  });

  describe('update', () => {
    it('changes only the given fields and bumps updatedAt', async () => {
      const account = await createAccount({
        emailAddress: 'ada.byron@example.test',
        firstName: 'Ada',
        lastName: 'Byron',
        organisationId: ORGANISATION_ID,
      });
      await clockPast(account.updatedAt);
      const response = await api()
        .put(`/account/${account.id}`)
        .set('Authorization', admin)
        .send({ lastName: 'King', status: 'BLOCKED' })
        .expect(200);
      const updated = response.body as Account;
      expect(updated).toEqual({ ...account, lastName: 'King', status: 'BLOCKED', updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(account.updatedAt));
      const stored = await api().get(`/account/${account.id}`).set('Authorization', member).expect(200);
      expect(stored.body).toEqual(updated);

      const detached = await api().put(`/account/${account.id}`).set('Authorization', admin).send({ organisationId: null }).expect(200);
      expect(detached.body).toEqual({ ...updated, organisationId: null, updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    });

    it('lets an account change the letter case of its own e-mail address', async () => {
      const account = await createAccount({ emailAddress: 'case@example.test', firstName: 'Case', lastName: 'Change' });
      const response = await api()
        .put(`/account/${account.id}`)
        .set('Authorization', admin)
        .send({ emailAddress: 'Case@Example.test' })
        .expect(200);
      expect((response.body as Account).emailAddress).toBe('Case@Example.test');
    });

    it("rejects another account's e-mail address with 409, changing nothing", async () => {
      await createAccount({ emailAddress: 'taken@example.test', firstName: 'Taken', lastName: 'Already' });
      const account = await createAccount({ emailAddress: 'mover@example.test', firstName: 'Mover', lastName: 'Wants' });
      const response = await api()
        .put(`/account/${account.id}`)
        .set('Authorization', admin)
        .send({ emailAddress: 'TAKEN@example.test', firstName: 'Changed' })
        .expect(409);
      expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'An account with this e-mail address already exists' });
      const stored = await api().get(`/account/${account.id}`).set('Authorization', member).expect(200);
      expect(stored.body).toEqual(account);
    });

    it('rejects invalid fields with 400 naming them', async () => {
      const account = await createAccount({ emailAddress: 'invalid-update@example.test', firstName: 'In', lastName: 'Valid' });
      expectBadRequest(
        (await api().put(`/account/${account.id}`).set('Authorization', admin).send({ emailAddress: 'nope' }).expect(400)).body,
        'emailAddress must be an email',
      );
      expectBadRequest(
        (await api().put(`/account/${account.id}`).set('Authorization', admin).send({ firstName: null }).expect(400)).body,
        'firstName',
      );
      expectBadRequest(
        (await api().put(`/account/${account.id}`).set('Authorization', admin).send({ id: UNKNOWN_UUID }).expect(400)).body,
        'property id should not exist',
      );
      const stored = await api().get(`/account/${account.id}`).set('Authorization', member).expect(200);
      expect(stored.body).toEqual(account);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await api().put(`/account/${UNKNOWN_UUID}`).set('Authorization', admin).send({ firstName: 'Nobody' }).expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Account not found' });
    });
  });

  describe('delete', () => {
    it('deletes, after which the account is 404', async () => {
      const account = await createAccount({ emailAddress: 'delete@example.test', firstName: 'Delete', lastName: 'Me' });
      const response = await api().delete(`/account/${account.id}`).set('Authorization', admin).expect(200);
      expect(response.body).toEqual({ message: 'Account deleted' });
      await api().get(`/account/${account.id}`).set('Authorization', member).expect(404);
      expect((await listAccounts()).map((listed) => listed.id)).not.toContain(account.id);
      const again = await api().delete(`/account/${account.id}`).set('Authorization', admin).expect(404);
      expect(again.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Account not found' });
    });

    it('frees the e-mail address for a new account', async () => {
      const account = await createAccount({ emailAddress: 'reuse@example.test', firstName: 'Re', lastName: 'Use' });
      await api().delete(`/account/${account.id}`).set('Authorization', admin).expect(200);
      await createAccount({ emailAddress: 'REUSE@example.test', firstName: 'Re', lastName: 'Used' });
    });
  });

  describe('access', () => {
    let target: Account;

    beforeAll(async () => {
      target = await createAccount({ emailAddress: 'access@example.test', firstName: 'Access', lastName: 'Target' });
    });

    it('forbids writes to non-administrator accounts with 403, changing nothing', async () => {
      const before = await listAccounts();
      const attempts = [
        api().post('/account').set('Authorization', member).send({ emailAddress: 'sneaky@example.test', firstName: 'S', lastName: 'N' }),
        api().put(`/account/${target.id}`).set('Authorization', member).send({ isAdmin: true }),
        api().delete(`/account/${target.id}`).set('Authorization', member),
      ];
      for (const attempt of attempts) {
        const response = await attempt.expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
      }
      expect(await listAccounts()).toEqual(before);
    });

    it('lets a non-administrator account read', async () => {
      await api().get(`/account/${target.id}`).set('Authorization', member).expect(200);
    });

    it('refuses persona tokens, even for reads, with 403', async () => {
      const persona = `Bearer ${tokens.mint({ sub: target.id, kind: 'persona', emailAddress: 'persona@example.test', personaId: UNKNOWN_UUID })}`;
      for (const attempt of [api().get('/account'), api().get(`/account/${target.id}`)]) {
        const response = await attempt.set('Authorization', persona).expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona token cannot be used here' });
      }
    });

    it.each([
      ['GET /account', () => api().get('/account')],
      ['GET /account/:id', () => api().get(`/account/${UNKNOWN_UUID}`)],
      ['POST /account', () => api().post('/account').send({ emailAddress: 'anon@example.test', firstName: 'A', lastName: 'N' })],
      ['PUT /account/:id', () => api().put(`/account/${UNKNOWN_UUID}`).send({ firstName: 'A' })],
      ['DELETE /account/:id', () => api().delete(`/account/${UNKNOWN_UUID}`)],
    ])('%s without a token is 401', async (_route, send) => {
      const response = await send().expect(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
    });
  });

  it('describes the routes in its OpenAPI document', async () => {
    const response = await api().get('/docs-json').expect(200);
    const paths = response.body.paths as Record<
      string,
      Record<
        string,
        { tags?: string[]; security?: unknown[]; parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }
      >
    >;
    expect(Object.keys(paths['/account'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/account/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    const post = paths['/account']?.['post'];
    expect(post?.tags).toEqual(['account']);
    expect(post?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409']));
    expect(paths['/account/{id}']?.['get']?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(response.body.components.schemas.AccountDto.properties).toEqual(
      expect.objectContaining({ emailAddress: expect.anything(), organisationId: expect.anything(), status: expect.anything() }),
    );
  });
});
