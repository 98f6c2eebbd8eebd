import { expectBadRequest, serviceUnderTest } from '@teamfit/platform/testing';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';

interface Lookup {
  id: number;
  name: string;
  orderBy?: number;
  countryId?: number;
}

/** Each lookup with a valid extra field for its kind, a changed one, and an invalid one. */
const LOOKUPS = [
  { collection: 'industries', label: 'Industry', extra: {}, changed: {}, invalid: undefined },
  { collection: 'workfunctions', label: 'Work function', extra: {}, changed: {}, invalid: undefined },
  { collection: 'skills', label: 'Skill', extra: {}, changed: {}, invalid: undefined },
  {
    collection: 'professionalyears',
    label: 'Professional years',
    extra: { orderBy: 3 },
    changed: { orderBy: 5 },
    invalid: { orderBy: -1 },
  },
  { collection: 'educationlevels', label: 'Education level', extra: { orderBy: 2 }, changed: { orderBy: 0 }, invalid: { orderBy: 1.5 } },
  { collection: 'studymajors', label: 'Study major', extra: { orderBy: 1 }, changed: { orderBy: 7 }, invalid: { orderBy: '2' } },
  { collection: 'locations', label: 'Location', extra: { countryId: 44 }, changed: { countryId: 1 }, invalid: { countryId: 0 } },
] as const;

describe('evaluation service: /algorithm lookups', () => {
  const evaluation = serviceUnderTest('evaluation', evaluationAppModule);
  const { tokens, admin, member } = evaluation;

  const api = () => request(evaluation.url);
  const create = async (collection: string, body: Record<string, unknown>): Promise<Lookup> =>
    (await api().post(`/algorithm/${collection}`).set('Authorization', admin).send(body).expect(201)).body as Lookup;
  const list = async (collection: string, query = ''): Promise<Lookup[]> =>
    (await api().get(`/algorithm/${collection}${query}`).set('Authorization', member).expect(200)).body as Lookup[];

  describe.each(LOOKUPS)('/algorithm/$collection', ({ collection, label, extra, changed, invalid }) => {
    it('creates (201), gets, lists, updates only the given fields, and deletes (200 {message}) with integer ids', async () => {
      const created = await create(collection, { name: `${label} A`, ...extra });
      expect(created).toEqual({ id: expect.any(Number), name: `${label} A`, ...extra });
      expect(Number.isInteger(created.id) && created.id > 0).toBe(true);

      const fetched = await api().get(`/algorithm/${collection}/${created.id}`).set('Authorization', member).expect(200);
      expect(fetched.body).toEqual(created);
      expect(await list(collection)).toContainEqual(created);

      const renamed = await api()
        .put(`/algorithm/${collection}/${created.id}`)
        .set('Authorization', admin)
        .send({ name: `${label} B` })
        .expect(200);
      expect(renamed.body).toEqual({ ...created, name: `${label} B` });
      const rekeyed = await api().put(`/algorithm/${collection}/${created.id}`).set('Authorization', admin).send(changed).expect(200);
      expect(rekeyed.body).toEqual({ ...created, name: `${label} B`, ...changed });
      expect((await api().get(`/algorithm/${collection}/${created.id}`).set('Authorization', member).expect(200)).body).toEqual(
        rekeyed.body,
      );

      const deleted = await api().delete(`/algorithm/${collection}/${created.id}`).set('Authorization', admin).expect(200);
      expect(deleted.body).toEqual({ message: `${label} deleted` });
      const gone = await api().get(`/algorithm/${collection}/${created.id}`).set('Authorization', member).expect(404);
      expect(gone.body).toEqual({ statusCode: 404, error: 'Not Found', message: `${label} not found` });
      expect((await list(collection)).map((row) => row.id)).not.toContain(created.id);
    });

    it('answers 404 for an unknown id on GET, PUT and DELETE', async () => {
      const notFound = { statusCode: 404, error: 'Not Found', message: `${label} not found` };
      expect((await api().get(`/algorithm/${collection}/999999`).set('Authorization', member).expect(404)).body).toEqual(notFound);
      expect((await api().put(`/algorithm/${collection}/999999`).set('Authorization', admin).send({ name: 'x' }).expect(404)).body).toEqual(
        notFound,
      );
      expect((await api().delete(`/algorithm/${collection}/999999`).set('Authorization', admin).expect(404)).body).toEqual(notFound);
    });

    it.each(['abc', '1.5', '0', '-3', '0x10', '99999999999'])('answers 400 naming id for the id %s', async (id) => {
      expectBadRequest((await api().get(`/algorithm/${collection}/${id}`).set('Authorization', member).expect(400)).body, 'id');
      expectBadRequest(
        (await api().put(`/algorithm/${collection}/${id}`).set('Authorization', admin).send({ name: 'x' }).expect(400)).body,
        'id',
      );
      expectBadRequest((await api().delete(`/algorithm/${collection}/${id}`).set('Authorization', admin).expect(400)).body, 'id');
    });

    it('rejects bad bodies with 400 naming the field, creating nothing', async () => {
      const before = await list(collection, '?limit=100');
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...extra }, 'name'],
        [{ name: '', ...extra }, 'name should not be empty'],
        [{ name: 7, ...extra }, 'name must be a string'],
        [{ name: 'x', ...extra, id: 5 }, 'property id should not exist'],
      ];
      if (invalid) {
        const field = Object.keys(invalid)[0] ?? '';
        cases.push([{ name: 'x', ...invalid }, field], [{ name: 'x' }, field]);
      } else {
        cases.push(
          [{ name: 'x', orderBy: 1 }, 'property orderBy should not exist'],
          [{ name: 'x', countryId: 1 }, 'property countryId should not exist'],
        );
      }
      for (const [body, fragment] of cases) {
        expectBadRequest((await api().post(`/algorithm/${collection}`).set('Authorization', admin).send(body).expect(400)).body, fragment);
      }
      const row = await create(collection, { name: 'valid', ...extra });
      expectBadRequest(
        (await api().put(`/algorithm/${collection}/${row.id}`).set('Authorization', admin).send({ name: null }).expect(400)).body,
        'name',
      );
      if (invalid) {
        expectBadRequest(
          (await api().put(`/algorithm/${collection}/${row.id}`).set('Authorization', admin).send(invalid).expect(400)).body,
          Object.keys(invalid)[0] ?? '',
        );
      }
      expect(await list(collection, '?limit=100')).toEqual([...before, row]);
    });
  });

  describe('lists', () => {
    let skills: Lookup[];

    beforeAll(async () => {
      skills = [];
      for (let index = 0; index < 13; index += 1) skills.push(await create('skills', { name: `page skill ${index}` }));
    });

    it('are plain arrays ordered by id, 10 by default, with the total in X-Total-Count', async () => {
      const response = await api().get('/algorithm/skills').set('Authorization', member).expect(200);
      const all = (await api().get('/algorithm/skills?limit=100').set('Authorization', member).expect(200)).body as Lookup[];
      expect(Array.isArray(response.body)).toBe(true);
      expect(response.body).toEqual(all.slice(0, 10));
      expect(all.map((row) => row.id)).toEqual([...all.map((row) => row.id)].sort((a, b) => a - b));
      expect(all).toEqual(expect.arrayContaining(skills));
      expect(response.headers['x-total-count']).toBe(String(all.length));
    });

    it('page through with page and limit', async () => {
      const all = await list('skills', '?limit=100');
      expect(await list('skills', '?page=2&limit=5')).toEqual(all.slice(5, 10));
      expect(await list('skills', `?page=${Math.ceil(all.length / 5)}&limit=5`)).toEqual(all.slice(Math.floor((all.length - 1) / 5) * 5));
      expect(await list('skills', '?page=1000&limit=5')).toEqual([]);
    });

    it.each([
      ['?limit=101', 'limit must not be greater than 100'],
      ['?limit=0', 'limit must not be less than 1'],
      ['?page=0', 'page must not be less than 1'],
      ['?page=abc', 'page must be an integer'],
      ['?limit=2.5', 'limit must be an integer'],
      ['?sort=name', 'property sort should not exist'],
    ])('answer 400 for %s', async (query, fragment) => {
      expectBadRequest((await api().get(`/algorithm/industries${query}`).set('Authorization', member).expect(400)).body, fragment);
    });
  });

  describe('deleting a lookup still referred to', () => {
    it('is 409 while a role specification, user experience or user goal uses it, and 200 once none does', async () => {
      const industry = await create('industries', { name: 'Referenced industry' });
      const years = await create('professionalyears', { name: '5+ years', orderBy: 5 });
      const location = await create('locations', { name: 'Berlin', countryId: 49 });

      const specification = await api()
        .post('/algorithm/rolespecifications')
        .set('Authorization', admin)
        .send({ industry: { ids: [industry.id], priority: 1 }, professionalYears: { id: years.id, priority: 2 } })
        .expect(201);
      for (const [collection, id, owner] of [
        ['industries', industry.id, 'role specifications'],
        ['professionalyears', years.id, 'role specifications'],
      ] as const) {
        const response = await api().delete(`/algorithm/${collection}/${id}`).set('Authorization', admin).expect(409);
        expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message: expect.stringContaining(owner) });
      }
      await api().delete(`/algorithm/rolespecifications/${specification.body.id}`).set('Authorization', admin).expect(200);

      await api().put('/algorithm/userexperiences/71').set('Authorization', admin).send({ professionalYearsId: years.id }).expect(201);
      await api()
        .put('/algorithm/usergoals/71')
        .set('Authorization', admin)
        .send({ industryIds: [industry.id], locationIds: [location.id] })
        .expect(201);
      expect(
        (await api().delete(`/algorithm/professionalyears/${years.id}`).set('Authorization', admin).expect(409)).body.message,
      ).toContain('user experiences');
      expect((await api().delete(`/algorithm/industries/${industry.id}`).set('Authorization', admin).expect(409)).body.message).toContain(
        'user goals',
      );
      expect((await api().delete(`/algorithm/locations/${location.id}`).set('Authorization', admin).expect(409)).body.message).toContain(
        'user goals',
      );

      // Still there after the refusals.
      await api().get(`/algorithm/industries/${industry.id}`).set('Authorization', member).expect(200);

      await api().put('/algorithm/userexperiences/71').set('Authorization', admin).send({ professionalYearsId: null }).expect(200);
      await api().delete('/algorithm/usergoals/71').set('Authorization', admin).expect(200);
      for (const [collection, id] of [
        ['industries', industry.id],
        ['professionalyears', years.id],
        ['locations', location.id],
      ] as const) {
        await api().delete(`/algorithm/${collection}/${id}`).set('Authorization', admin).expect(200);
      }
    });

    it('never leaves a reference to a deleted lookup when a delete and a referring write race', async () => {
      for (let round = 0; round < 5; round += 1) {
        const skill = await create('skills', { name: `race ${round}` });
        const [deleted, referred] = await Promise.all([
          api().delete(`/algorithm/skills/${skill.id}`).set('Authorization', admin),
          api()
            .put(`/algorithm/usergoals/${500 + round}`)
            .set('Authorization', admin)
            .send({ skillIds: [skill.id] }),
        ]);
        // Exactly one wins: either the delete (and the goal is refused) or the goal (and the delete is refused).
        expect([deleted.status, referred.status].sort()).toEqual(deleted.status === 200 ? [200, 400] : [201, 409]);
        const exists = (await api().get(`/algorithm/skills/${skill.id}`).set('Authorization', member)).status === 200;
        const goal = await api()
          .get(`/algorithm/usergoals/${500 + round}`)
          .set('Authorization', member);
        if (goal.status === 200) expect(exists).toBe(true);
      }
    });
  });

  describe('access', () => {
    it('forbids writes to non-administrator accounts with 403, changing nothing', async () => {
      const row = await create('industries', { name: 'Guarded' });
      const attempts = [
        api().post('/algorithm/industries').set('Authorization', member).send({ name: 'Sneaky' }),
        api().put(`/algorithm/industries/${row.id}`).set('Authorization', member).send({ name: 'Sneaky' }),
        api().delete(`/algorithm/industries/${row.id}`).set('Authorization', member),
      ];
      for (const attempt of attempts) {
        expect((await attempt.expect(403)).body).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'Administrator rights are required',
        });
      }
      expect((await api().get(`/algorithm/industries/${row.id}`).set('Authorization', member).expect(200)).body).toEqual(row);
    });

    it('refuses persona tokens with 403 and missing tokens with 401', async () => {
      const persona = `Bearer ${tokens.mint({ sub: '6f1c2e0a-1b2c-4d3e-8f40-5a6b7c8d9e0f', kind: 'persona', emailAddress: 'p@example.test', personaId: '6f1c2e0a-1b2c-4d3e-8f40-5a6b7c8d9e0f' })}`;
      expect((await api().get('/algorithm/locations').set('Authorization', persona).expect(403)).body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'A persona token cannot be used here',
      });
      for (const send of [
        () => api().get('/algorithm/locations'),
        () => api().post('/algorithm/locations').send({ name: 'x', countryId: 1 }),
        () => api().delete('/algorithm/locations/1'),
      ]) {
        expect((await send().expect(401)).body).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Missing Authorization header',
        });
      }
    });
  });
});
