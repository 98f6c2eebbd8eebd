import { partnerKeyHash } from '@teamfit/accounts';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import {
  expectBadRequest,
  ISO_TIMESTAMP,
  type RunningTestService,
  startTestService,
  TEST_ADMIN_ACCOUNT,
  TestTokens,
  UNKNOWN_UUID,
  UUID,
} from '@teamfit/platform/testing';
import { Client } from 'pg';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';
import { OrganisationFactory } from './organisation.fixture';

/**
 * /organisations/:id/api-keys (docs/adr/0088-partner-api-keys.md): issued by administrators,
 * shown once, stored as SHA-256, listed without the key, revoked for good. Who may call each
 * route is the authorization matrix's; the keys at work are apps/evaluation/test/greenhouse.e2e-spec.ts's.
 */
describe('organisation service: partner API keys', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let client: Client;
  let service: RunningTestService;
  let organisation: { id: string; objectId: string };

  const api = () => request(service.url);

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    const connection = openTestDatabase(database.url);
    try {
      organisation = await new OrganisationFactory(connection.db).create('Keyed');
    } finally {
      await connection.close();
    }
    service = await startTestService('organisation', organisationAppModule, { databaseUrl: database.url, keys: tokens.keys });
  });

  afterAll(async () => {
    await service?.close();
    await client?.end();
    await database?.drop();
  });

  it('issues keys by the organisation’s UUID or _id, each distinct, records who and when, and keeps only the hash', async () => {
    const first = await api()
      .post(`/organisations/${organisation.id}/api-keys`)
      .set('authorization', admin)
      .send({ name: 'Greenhouse' })
      .expect(201);
    const second = await api()
      .post(`/organisations/${organisation.objectId}/api-keys`)
      .set('authorization', admin)
      .send({ name: 'Greenhouse sandbox' })
      .expect(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(UUID),
      organisationId: organisation.id,
      name: 'Greenhouse',
      hint: (first.body.key as string).slice(-4),
      createdBy: TEST_ADMIN_ACCOUNT.id,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      revokedAt: null,
      key: expect.stringMatching(/^tfk_[A-Za-z0-9_-]{43}$/),
    });
    expect(second.body.organisationId).toBe(organisation.id);
    expect(second.body.key).not.toBe(first.body.key);
    const { rows } = await client.query<Record<string, unknown>>('SELECT * FROM organisation.partner_api_keys ORDER BY created_at');
    expect(rows.map((row) => row['key_hash'])).toEqual([
      partnerKeyHash(first.body.key as string),
      partnerKeyHash(second.body.key as string),
    ]);
    for (const key of [first.body.key as string, second.body.key as string]) expect(JSON.stringify(rows)).not.toContain(key.slice(4, 30));

    const listed = await api().get(`/organisations/${organisation.objectId}/api-keys`).set('authorization', admin).expect(200);
    expect((listed.body as Array<Record<string, unknown>>).map((key) => [key['name'], 'key' in key])).toEqual([
      ['Greenhouse', false],
      ['Greenhouse sandbox', false],
    ]);
  });

  it('revokes a key once; the list shows when; revoking again answers it unchanged', async () => {
    const issued = await api()
      .post(`/organisations/${organisation.id}/api-keys`)
      .set('authorization', admin)
      .send({ name: 'Short-lived' })
      .expect(201);
    const revoked = await api()
      .post(`/organisations/${organisation.id}/api-keys/${issued.body.id as string}/revoke`)
      .set('authorization', admin)
      .expect(200);
    expect(revoked.body).toEqual({ ...issued.body, key: undefined, revokedAt: expect.stringMatching(ISO_TIMESTAMP) } as unknown);
    const again = await api()
      .post(`/organisations/${organisation.id}/api-keys/${issued.body.id as string}/revoke`)
      .set('authorization', admin)
      .expect(200);
    expect(again.body).toEqual(revoked.body);
    const listed = await api().get(`/organisations/${organisation.id}/api-keys`).set('authorization', admin).expect(200);
    expect(listed.body).toContainEqual(revoked.body);
  });

  it('404 for an unknown organisation or a key that is not the organisation’s; 400 for a bad id, name or field', async () => {
    const other = await api()
      .post(`/organisations/${organisation.id}/api-keys`)
      .set('authorization', admin)
      .send({ name: 'Mine' })
      .expect(201);
    const notFound = { statusCode: 404, error: 'Not Found' };
    expect(
      (await api().post(`/organisations/${UNKNOWN_UUID}/api-keys`).set('authorization', admin).send({ name: 'x' }).expect(404)).body,
    ).toEqual({
      ...notFound,
      message: 'Organisation not found',
    });
    expect((await api().get(`/organisations/${UNKNOWN_UUID}/api-keys`).set('authorization', admin).expect(404)).body).toMatchObject(
      notFound,
    );
    expect(
      (await api().post(`/organisations/${organisation.id}/api-keys/${UNKNOWN_UUID}/revoke`).set('authorization', admin).expect(404)).body,
    ).toEqual({ ...notFound, message: 'API key not found' });
    expect(await client.query('SELECT revoked_at FROM organisation.partner_api_keys WHERE id = $1', [other.body.id])).toMatchObject({
      rows: [{ revoked_at: null }],
    });

    expectBadRequest((await api().get('/organisations/nope/api-keys').set('authorization', admin).expect(400)).body, 'id');
    expectBadRequest(
      (await api().post(`/organisations/${organisation.id}/api-keys/nope/revoke`).set('authorization', admin).expect(400)).body,
      'keyId',
    );
    for (const body of [{}, { name: '' }, { name: 7 }, { name: 'x'.repeat(300) }, { name: 'ok', key: 'tfk_mine' }]) {
      expectBadRequest(
        (await api().post(`/organisations/${organisation.id}/api-keys`).set('authorization', admin).send(body).expect(400)).body,
      );
    }
  });
});
