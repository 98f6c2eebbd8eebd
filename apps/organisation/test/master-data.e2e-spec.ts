import { OBJECT_ID } from '@teamfit/common';
import { serviceUnderTest, UNKNOWN_OBJECT_ID } from '@teamfit/platform/testing';
import request from 'supertest';
import { organisationAppModule } from '../src/organisation-app.module';

interface MasterRecord {
  _id: string;
  name: string;
  code?: string;
  country?: string;
}

/** The five types with no field beyond `_id` and `name` (docs/assessment.md). */
const PLAIN_TYPES = [
  ['industry', 'Industry'],
  ['function', 'Function'],
  ['education-level', 'Education level'],
  ['study-major', 'Study major'],
  ['skill', 'Skill'],
] as const;
const ALL_PATHS = ['country', ...PLAIN_TYPES.map(([path]) => path), 'location'];

describe('organisation service: master data', () => {
  const organisation = serviceUnderTest('organisation', organisationAppModule);
  const { admin, member } = organisation;
  const api = () => request(organisation.url);

  const create = async (path: string, body: Record<string, unknown>): Promise<MasterRecord> =>
    (await api().post(`/${path}`).set('Authorization', admin).send(body).expect(201)).body as MasterRecord;
  const list = async (path: string): Promise<MasterRecord[]> =>
    (await api().get(`/${path}`).set('Authorization', member).expect(200)).body as MasterRecord[];
  const expectError = (body: unknown, statusCode: number, error: string, fragment: string) => {
    expect(body).toEqual({ statusCode, error, message: expect.any(String) });
    expect((body as { message: string }).message).toContain(fragment);
  };

  describe.each(PLAIN_TYPES)('/%s', (path, label) => {
    it('creates (201), reads, lists by name, updates and deletes (200 with message)', async () => {
      const zulu = await create(path, { name: `Zulu ${label}` });
      expect(zulu).toEqual({ _id: expect.stringMatching(OBJECT_ID), name: `Zulu ${label}` });
      const alpha = await create(path, { name: `alpha ${label}` });
      const mike = await create(path, { name: `Mike ${label}` });

      expect((await api().get(`/${path}/${zulu._id}`).set('Authorization', member).expect(200)).body).toEqual(zulu);
      // By name ignoring case: alpha < Mike < Zulu.
      expect(await list(path)).toEqual([alpha, mike, zulu]);

      const renamed = await api()
        .put(`/${path}/${zulu._id}`)
        .set('Authorization', admin)
        .send({ name: `Bravo ${label}` })
        .expect(200);
      expect(renamed.body).toEqual({ _id: zulu._id, name: `Bravo ${label}` });
      expect((await list(path)).map((record) => record.name)).toEqual([`alpha ${label}`, `Bravo ${label}`, `Mike ${label}`]);
      // An empty PUT changes nothing and answers the record.
      expect((await api().put(`/${path}/${mike._id}`).set('Authorization', admin).send({}).expect(200)).body).toEqual(mike);

      const deleted = await api().delete(`/${path}/${alpha._id}`).set('Authorization', admin).expect(200);
      expect(deleted.body).toEqual({ message: `${label} deleted` });
      const gone = await api().get(`/${path}/${alpha._id}`).set('Authorization', member).expect(404);
      expect(gone.body).toEqual({ statusCode: 404, error: 'Not Found', message: `${label} not found` });
      expect((await list(path)).map((record) => record._id)).toEqual([zulu._id, mike._id]);
      for (const record of await list(path)) await api().delete(`/${path}/${record._id}`).set('Authorization', admin).expect(200);
      expect(await list(path)).toEqual([]);
    });

    it('keeps names unique ignoring case (409), on create and on rename', async () => {
      const taken = await create(path, { name: `Unique ${label}` });
      const duplicate = await api()
        .post(`/${path}`)
        .set('Authorization', admin)
        .send({ name: `UNIQUE ${label.toLowerCase()}` })
        .expect(409);
      expect(duplicate.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: `A ${label.toLowerCase()} with this name already exists`,
      });
      const other = await create(path, { name: `Other ${label}` });
      await api()
        .put(`/${path}/${other._id}`)
        .set('Authorization', admin)
        .send({ name: `unique ${label}` })
        .expect(409);
      // A record may change the letter case of its own name.
      await api()
        .put(`/${path}/${taken._id}`)
        .set('Authorization', admin)
        .send({ name: `UNIQUE ${label}` })
        .expect(200);
      expect((await list(path)).filter((record) => record.name.toLowerCase() === `unique ${label}`.toLowerCase())).toHaveLength(1);
    });
  });

  describe('/country', () => {
    it('has a code, unique like the name', async () => {
      const germany = await create('country', { name: 'Germany', code: 'DE' });
      expect(germany).toEqual({ _id: expect.stringMatching(OBJECT_ID), name: 'Germany', code: 'DE' });
      const sameCode = await api().post('/country').set('Authorization', admin).send({ name: 'Deutschland', code: 'DE' }).expect(409);
      expect(sameCode.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'A country with this code already exists' });
      const sameName = await api().post('/country').set('Authorization', admin).send({ name: 'germany', code: 'DEU' }).expect(409);
      expect(sameName.body.message).toBe('A country with this name already exists');
      const updated = await api().put(`/country/${germany._id}`).set('Authorization', admin).send({ code: 'DEU' }).expect(200);
      expect(updated.body).toEqual({ ...germany, code: 'DEU' });
    });

    it.each([
      ['no code', { name: 'Nowhere' }, 'code'],
      ['a lower-case code', { name: 'Lower', code: 'fr' }, 'code must be an ISO 3166-1 code'],
      ['a four-letter code', { name: 'Long', code: 'FRAN' }, 'code must be an ISO 3166-1 code'],
    ])('rejects %s with 400 naming code', async (_case, body, fragment) => {
      const response = await api().post('/country').set('Authorization', admin).send(body).expect(400);
      expectError(response.body, 400, 'Bad Request', fragment);
    });
  });

  describe('/location', () => {
    it('refers to an existing country; 400 for an unknown or malformed one', async () => {
      const france = await create('country', { name: 'France', code: 'FR' });
      const paris = await create('location', { name: 'Paris', country: france._id });
      expect(paris).toEqual({ _id: expect.stringMatching(OBJECT_ID), name: 'Paris', country: france._id });
      expect((await api().get(`/location/${paris._id}`).set('Authorization', member).expect(200)).body).toEqual(paris);

      const unknown = await api()
        .post('/location')
        .set('Authorization', admin)
        .send({ name: 'Atlantis', country: UNKNOWN_OBJECT_ID })
        .expect(400);
      expect(unknown.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'country must be the _id of an existing country' });
      const malformed = await api().post('/location').set('Authorization', admin).send({ name: 'Atlantis', country: 'france' }).expect(400);
      expectError(malformed.body, 400, 'Bad Request', 'country must be the _id of a country');
      const missing = await api().post('/location').set('Authorization', admin).send({ name: 'Atlantis' }).expect(400);
      expectError(missing.body, 400, 'Bad Request', 'country');
      await api().put(`/location/${paris._id}`).set('Authorization', admin).send({ country: UNKNOWN_OBJECT_ID }).expect(400);
      expect((await api().get(`/location/${paris._id}`).set('Authorization', member).expect(200)).body).toEqual(paris);
      expect((await list('location')).map((location) => location.name)).toEqual(['Paris']);
    });

    it('moves to another country, and a country with locations cannot be deleted (409)', async () => {
      const spain = await create('country', { name: 'Spain', code: 'ES' });
      const italy = await create('country', { name: 'Italy', code: 'IT' });
      const madrid = await create('location', { name: 'Madrid', country: spain._id });
      const refused = await api().delete(`/country/${spain._id}`).set('Authorization', admin).expect(409);
      expect(refused.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'Country is still referenced by locations' });
      await api().get(`/country/${spain._id}`).set('Authorization', member).expect(200);

      const moved = await api().put(`/location/${madrid._id}`).set('Authorization', admin).send({ country: italy._id }).expect(200);
      expect(moved.body).toEqual({ ...madrid, country: italy._id });
      await api().delete(`/country/${spain._id}`).set('Authorization', admin).expect(200);
      await api().delete(`/location/${madrid._id}`).set('Authorization', admin).expect(200);
      await api().delete(`/country/${italy._id}`).set('Authorization', admin).expect(200);
    });
  });

  describe.each(ALL_PATHS)('/%s errors', (path) => {
    it('validates the body: missing, empty, padded or too long name, unknown fields, null (400 naming the field)', async () => {
      const before = await list(path);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, 'name'],
        [{ name: '' }, 'name should not be empty'],
        [{ name: ' Padded' }, 'name must not start or end with whitespace'],
        [{ name: 'x'.repeat(101) }, 'name must be shorter than or equal to 100 characters'],
        [{ name: 42 }, 'name must be a string'],
        [{ name: 'Fine', _id: UNKNOWN_OBJECT_ID }, 'property _id should not exist'],
        [{ name: 'Fine', colour: 'red' }, 'property colour should not exist'],
      ];
      for (const [body, fragment] of cases) {
        const response = await api().post(`/${path}`).set('Authorization', admin).send(body).expect(400);
        expectError(response.body, 400, 'Bad Request', fragment);
      }
      const record =
        before[0] ??
        (await create(path, path === 'location' ? { name: 'Needs a country' } : { name: 'Probe', code: 'PR' }).catch(() => undefined));
      if (record) {
        const nulled = await api().put(`/${path}/${record._id}`).set('Authorization', admin).send({ name: null }).expect(400);
        expectError(nulled.body, 400, 'Bad Request', 'name');
      }
      const malformed = await api()
        .post(`/${path}`)
        .set('Authorization', admin)
        .set('content-type', 'application/json')
        .send('{"name":')
        .expect(400);
      expect(malformed.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON' });
    });

    it.each([
      ['GET', (path: string, id: string) => api().get(`/${path}/${id}`).set('Authorization', member)],
      ['PUT', (path: string, id: string) => api().put(`/${path}/${id}`).set('Authorization', admin).send({ name: 'Whatever' })],
      ['DELETE', (path: string, id: string) => api().delete(`/${path}/${id}`).set('Authorization', admin)],
    ])('%s answers 400 for an id that is not an ObjectId and 404 for an unknown one', async (_method, send) => {
      for (const bad of ['12345', 'zzzzzzzzzzzzzzzzzzzzzzzz', UNKNOWN_OBJECT_ID.toUpperCase()]) {
        const response = await send(path, bad).expect(400);
        expectError(response.body, 400, 'Bad Request', 'id must be an ObjectId');
      }
      const missing = await send(path, UNKNOWN_OBJECT_ID).expect(404);
      expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringMatching(/ not found$/) });
    });

    it('lets any account read, only administrators write (403), and nobody without a token (401)', async () => {
      const before = await list(path);
      const body = path === 'country' ? { name: 'Sneaky', code: 'SN' } : { name: 'Sneaky' };
      for (const attempt of [
        api().post(`/${path}`).set('Authorization', member).send(body),
        api().put(`/${path}/${UNKNOWN_OBJECT_ID}`).set('Authorization', member).send({ name: 'Sneaky' }),
        api().delete(`/${path}/${UNKNOWN_OBJECT_ID}`).set('Authorization', member),
      ]) {
        const response = await attempt.expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
      }
      for (const attempt of [
        api().get(`/${path}`),
        api().get(`/${path}/${UNKNOWN_OBJECT_ID}`),
        api().post(`/${path}`).send(body),
        api().put(`/${path}/${UNKNOWN_OBJECT_ID}`).send({}),
        api().delete(`/${path}/${UNKNOWN_OBJECT_ID}`),
      ]) {
        const response = await attempt.expect(401);
        expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
      }
      expect(await list(path)).toEqual(before);
    });
  });

  it('describes every type in its OpenAPI document, with distinct operation ids', async () => {
    const response = await api().get('/docs-json').expect(200);
    const paths = response.body.paths as Record<
      string,
      Record<string, { tags?: string[]; operationId?: string; responses: Record<string, unknown> }>
    >;
    const operationIds: string[] = [];
    for (const path of ALL_PATHS) {
      expect(Object.keys(paths[`/${path}`] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(paths[`/${path}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
      expect(paths[`/${path}`]?.['post']?.tags).toEqual([path]);
      expect(Object.keys(paths[`/${path}`]?.['post']?.responses ?? {})).toEqual(
        expect.arrayContaining(['201', '400', '401', '403', '409']),
      );
      for (const operation of [...Object.values(paths[`/${path}`] ?? {}), ...Object.values(paths[`/${path}/{id}`] ?? {})])
        operationIds.push(String(operation.operationId));
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);
    const schemas = response.body.components.schemas as Record<string, { properties: Record<string, unknown> }>;
    expect(Object.keys(schemas['CountryDto']?.properties ?? {}).sort()).toEqual(['_id', 'code', 'name']);
    expect(Object.keys(schemas['LocationDto']?.properties ?? {}).sort()).toEqual(['_id', 'country', 'name']);
    expect(Object.keys(schemas['CreateLocationDto']?.properties ?? {}).sort()).toEqual(['country', 'name']);
  });
});
