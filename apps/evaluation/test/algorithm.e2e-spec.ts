import { expectBadRequest, TestTokens } from '@teamfit/platform/testing';
import { AlgorithmDirectory } from '../src/algorithm/algorithm.directory';
import { algorithmServiceWithLookups } from './algorithm-lookups.fixture';

const ORGANISATION_ID = '5d7f7c43-8a4e-4b7c-9b3f-0e6c2d1a9f88';
const PERSONA_A = '0b6f3a52-7c1d-4e8f-9a2b-3c4d5e6f7a8b';
const PERSONA_B = '1c7a4b63-8d2e-4f90-8b3c-4d5e6f7a8b9c';

interface Team {
  id: number;
  name: string;
  organisationId: string | null;
  memberPersonaIds: string[];
}
interface Role {
  id: number;
  organisationId: string | null;
  title: string;
  teamId: number;
  roleSpecificationId: number | null;
  criteriaWeight: number;
}

describe('evaluation service: /algorithm teams, roles, role specifications', () => {
  const { evaluation, admin, member, ids, api, post, read } = algorithmServiceWithLookups();

  describe('/algorithm/teams', () => {
    it('creates with defaults, reads, updates only the given fields, deletes', async () => {
      const team = await post<Team>('teams', { name: 'Core' });
      expect(team).toEqual({ id: expect.any(Number), name: 'Core', organisationId: null, memberPersonaIds: [] });
      const full = await post<Team>('teams', { name: 'Full', organisationId: ORGANISATION_ID, memberPersonaIds: [PERSONA_A, PERSONA_B] });
      expect(full).toEqual({ id: full.id, name: 'Full', organisationId: ORGANISATION_ID, memberPersonaIds: [PERSONA_A, PERSONA_B] });
      expect(full.id).toBeGreaterThan(team.id);
      expect(await read(`/algorithm/teams/${full.id}`)).toEqual(full);
      expect(await read('/algorithm/teams')).toEqual(expect.arrayContaining([team, full]));

      const updated = await api()
        .put(`/algorithm/teams/${full.id}`)
        .set('Authorization', admin)
        .send({ memberPersonaIds: [PERSONA_B] })
        .expect(200);
      expect(updated.body).toEqual({ ...full, memberPersonaIds: [PERSONA_B] });
      const detached = await api()
        .put(`/algorithm/teams/${full.id}`)
        .set('Authorization', admin)
        .send({ organisationId: null, name: 'Renamed' })
        .expect(200);
      expect(detached.body).toEqual({ ...full, name: 'Renamed', organisationId: null, memberPersonaIds: [PERSONA_B] });

      expect((await api().delete(`/algorithm/teams/${team.id}`).set('Authorization', admin).expect(200)).body).toEqual({
        message: 'Team deleted',
      });
      expect(await read(`/algorithm/teams/${team.id}`, 404)).toEqual({ statusCode: 404, error: 'Not Found', message: 'Team not found' });
      await api().put(`/algorithm/teams/${team.id}`).set('Authorization', admin).send({ name: 'x' }).expect(404);
      await api().delete(`/algorithm/teams/${team.id}`).set('Authorization', admin).expect(404);
      expectBadRequest(await read('/algorithm/teams/first', 400), 'id');
    });

    it.each([
      [{}, 'name'],
      [{ name: '' }, 'name should not be empty'],
      [{ name: 'T', organisationId: 'acme' }, 'organisationId must be a UUID'],
      [{ name: 'T', memberPersonaIds: ['not-a-uuid'] }, 'memberPersonaIds must be a UUID'],
      [{ name: 'T', memberPersonaIds: PERSONA_A }, 'memberPersonaIds must be an array'],
      [{ name: 'T', memberPersonaIds: [PERSONA_A, PERSONA_A] }, "memberPersonaIds's elements must be unique"],
      [{ name: 'T', memberPersonaIds: null }, 'memberPersonaIds'],
      [{ name: 'T', id: 9 }, 'property id should not exist'],
    ])('rejects %j with 400 naming the field', async (body, fragment) => {
      const before = await read('/algorithm/teams?limit=100');
      expectBadRequest((await api().post('/algorithm/teams').set('Authorization', admin).send(body).expect(400)).body, fragment);
      expect(await read('/algorithm/teams?limit=100')).toEqual(before);
    });
  });

  describe('/algorithm/rolespecifications', () => {
    it('stores set and threshold criteria, null for those not configured, and changes only the criteria given', async () => {
      const body = {
        industry: { ids: [ids['industry'], ids['industry2']], priority: 1 },
        function: { ids: [ids['function']], priority: 2 },
        skill: { ids: [], priority: 3 },
        studyMajor: { ids: [ids['major']], priority: 4 },
        location: { ids: [ids['location']], priority: 2 },
        professionalYears: { id: ids['years'], priority: 1 },
        educationLevel: { id: ids['education'], priority: 5 },
      };
      const full = await post<Record<string, unknown> & { id: number }>('rolespecifications', body);
      expect(full).toEqual({ id: expect.any(Number), ...body });
      expect(await read(`/algorithm/rolespecifications/${full.id}`)).toEqual(full);

      const sparse = await post<Record<string, unknown> & { id: number }>('rolespecifications', {
        skill: { ids: [ids['skill']], priority: 1 },
      });
      expect(sparse).toEqual({
        id: expect.any(Number),
        industry: null,
        function: null,
        skill: { ids: [ids['skill']], priority: 1 },
        studyMajor: null,
        location: null,
        professionalYears: null,
        educationLevel: null,
      });

      const changed = await api()
        .put(`/algorithm/rolespecifications/${full.id}`)
        .set('Authorization', admin)
        .send({ industry: null, educationLevel: { id: ids['education'], priority: 1 } })
        .expect(200);
      expect(changed.body).toEqual({ ...full, industry: null, educationLevel: { id: ids['education'], priority: 1 } });
      expect(await read(`/algorithm/rolespecifications/${full.id}`)).toEqual(changed.body);
      expect(await read('/algorithm/rolespecifications')).toEqual([changed.body, sparse]);

      expect((await api().delete(`/algorithm/rolespecifications/${sparse.id}`).set('Authorization', admin).expect(200)).body).toEqual({
        message: 'Role specification deleted',
      });
      await read(`/algorithm/rolespecifications/${sparse.id}`, 404);
    });

    it.each([
      [{ industry: { ids: [1], priority: 0 } }, 'industry.priority must not be less than 1'],
      [{ industry: { ids: [1] } }, 'industry.priority'],
      [{ industry: { ids: 'x', priority: 1 } }, 'industry.ids must be an array'],
      [{ industry: { ids: [1.5], priority: 1 } }, 'industry.ids must be an integer'],
      [{ industry: { ids: [1, 1], priority: 1 } }, "industry.ids's elements must be unique"],
      [{ industry: [1, 2] }, 'industry must be an object'],
      [{ professionalYears: { ids: [1], priority: 1 } }, 'property professionalYears.ids should not exist'],
      [{ educationLevel: { id: 'one', priority: 1 } }, 'educationLevel.id must be an integer'],
      [{ location: { ids: [1], priority: 1, weight: 2 } }, 'property location.weight should not exist'],
      [{ country: { ids: [1], priority: 1 } }, 'property country should not exist'],
    ])('rejects %j with 400 naming the field', async (body, fragment) => {
      expectBadRequest(
        (await api().post('/algorithm/rolespecifications').set('Authorization', admin).send(body).expect(400)).body,
        fragment,
      );
    });

    it('rejects lookup ids that do not exist with 400 naming the field, on create and update', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ industry: { ids: [ids['industry'], 99999], priority: 1 } }, 'industry.ids refers to unknown industries id 99999'],
        [{ function: { ids: [99999], priority: 1 } }, 'function.ids'],
        [{ location: { ids: [99998], priority: 1 } }, 'location.ids'],
        [{ studyMajor: { ids: [99997], priority: 1 } }, 'studyMajor.ids'],
        [{ skill: { ids: [99996], priority: 1 } }, 'skill.ids'],
        [{ professionalYears: { id: 99995, priority: 1 } }, 'professionalYears.id refers to unknown professionalyears id 99995'],
        [{ educationLevel: { id: 99994, priority: 1 } }, 'educationLevel.id'],
      ];
      const before = await read('/algorithm/rolespecifications?limit=100');
      for (const [body, fragment] of cases) {
        expectBadRequest(
          (await api().post('/algorithm/rolespecifications').set('Authorization', admin).send(body).expect(400)).body,
          fragment,
        );
      }
      expect(await read('/algorithm/rolespecifications?limit=100')).toEqual(before);
      const specification = await post<{ id: number }>('rolespecifications', {});
      const response = await api()
        .put(`/algorithm/rolespecifications/${specification.id}`)
        .set('Authorization', admin)
        .send({ skill: { ids: [99996], priority: 1 } })
        .expect(400);
      expectBadRequest(response.body, 'skill.ids');
      expect((await read(`/algorithm/rolespecifications/${specification.id}`)) as Record<string, unknown>).toMatchObject({ skill: null });
    });

    it('answers 404 for unknown ids and 400 for bad ones', async () => {
      await read('/algorithm/rolespecifications/424242', 404);
      await api().put('/algorithm/rolespecifications/424242').set('Authorization', admin).send({}).expect(404);
      await api().delete('/algorithm/rolespecifications/424242').set('Authorization', admin).expect(404);
      expectBadRequest(await read('/algorithm/rolespecifications/-1', 400), 'id');
    });
  });

  describe('/algorithm/roles', () => {
    let team: Team;
    let specificationId: number;

    beforeAll(async () => {
      team = await post<Team>('teams', { name: 'Roles team', organisationId: ORGANISATION_ID });
      specificationId = (await post<{ id: number }>('rolespecifications', { skill: { ids: [ids['skill']], priority: 1 } })).id;
    });

    it('creates with defaults, reads, filters by team, updates only the given fields, deletes', async () => {
      const role = await post<Role>('roles', { title: 'Engineer', teamId: team.id });
      expect(role).toEqual({
        id: expect.any(Number),
        organisationId: null,
        title: 'Engineer',
        teamId: team.id,
        roleSpecificationId: null,
        criteriaWeight: 50,
      });
      const full = await post<Role>('roles', {
        title: 'Lead',
        teamId: team.id,
        roleSpecificationId: specificationId,
        organisationId: ORGANISATION_ID,
        criteriaWeight: 62.5,
      });
      expect(full).toEqual({
        id: expect.any(Number),
        organisationId: ORGANISATION_ID,
        title: 'Lead',
        teamId: team.id,
        roleSpecificationId: specificationId,
        criteriaWeight: 62.5,
      });
      expect(await read(`/algorithm/roles/${full.id}`)).toEqual(full);
      const other = await post<Team>('teams', { name: 'Other team' });
      const elsewhere = await post<Role>('roles', { title: 'Elsewhere', teamId: other.id });
      expect(await read(`/algorithm/roles?teamId=${team.id}`)).toEqual([role, full]);
      expect(await read(`/algorithm/roles?teamId=${other.id}`)).toEqual([elsewhere]);

      const changed = await api()
        .put(`/algorithm/roles/${role.id}`)
        .set('Authorization', admin)
        .send({ criteriaWeight: 0, roleSpecificationId: specificationId })
        .expect(200);
      expect(changed.body).toEqual({ ...role, criteriaWeight: 0, roleSpecificationId: specificationId });
      const detached = await api()
        .put(`/algorithm/roles/${role.id}`)
        .set('Authorization', admin)
        .send({ roleSpecificationId: null, teamId: other.id })
        .expect(200);
      expect(detached.body).toEqual({ ...role, criteriaWeight: 0, roleSpecificationId: null, teamId: other.id });

      expect((await api().delete(`/algorithm/roles/${elsewhere.id}`).set('Authorization', admin).expect(200)).body).toEqual({
        message: 'Role deleted',
      });
      await read(`/algorithm/roles/${elsewhere.id}`, 404);
      await api().delete(`/algorithm/roles/${elsewhere.id}`).set('Authorization', admin).expect(404);
      await api().put(`/algorithm/roles/${elsewhere.id}`).set('Authorization', admin).send({ title: 'x' }).expect(404);
    });

    it('rejects a teamId or roleSpecificationId that refers to nothing with 400 naming the field', async () => {
      expectBadRequest(
        (await api().post('/algorithm/roles').set('Authorization', admin).send({ title: 'R', teamId: 987654 }).expect(400)).body,
        'teamId',
      );
      expectBadRequest(
        (
          await api()
            .post('/algorithm/roles')
            .set('Authorization', admin)
            .send({ title: 'R', teamId: team.id, roleSpecificationId: 987654 })
            .expect(400)
        ).body,
        'roleSpecificationId',
      );
      const role = await post<Role>('roles', { title: 'Stays', teamId: team.id });
      expectBadRequest(
        (await api().put(`/algorithm/roles/${role.id}`).set('Authorization', admin).send({ teamId: 987654 }).expect(400)).body,
        'teamId',
      );
      expectBadRequest(
        (await api().put(`/algorithm/roles/${role.id}`).set('Authorization', admin).send({ roleSpecificationId: 987654 }).expect(400)).body,
        'roleSpecificationId',
      );
      expect(await read(`/algorithm/roles/${role.id}`)).toEqual(role);
    });

    it.each([
      [{ teamId: 1 }, 'title'],
      [{ title: 'R' }, 'teamId'],
      [{ title: 'R', teamId: 'one' }, 'teamId must be an integer'],
      [{ title: 'R', teamId: 1, criteriaWeight: 101 }, 'criteriaWeight must not be greater than 100'],
      [{ title: 'R', teamId: 1, criteriaWeight: -1 }, 'criteriaWeight must not be less than 0'],
      [{ title: 'R', teamId: 1, criteriaWeight: null }, 'criteriaWeight'],
      [{ title: 'R', teamId: 1, organisationId: 'acme' }, 'organisationId must be a UUID'],
      [{ title: 'R', teamId: 1, roleSpecificationId: 0 }, 'roleSpecificationId must not be less than 1'],
    ])('rejects %j with 400 naming the field', async (body, fragment) => {
      expectBadRequest((await api().post('/algorithm/roles').set('Authorization', admin).send(body).expect(400)).body, fragment);
    });

    it('refuses to delete a team or specification a role uses (409), and allows it once no role does', async () => {
      const owner = await post<Team>('teams', { name: 'Owner' });
      const specification = await post<{ id: number }>('rolespecifications', {});
      const role = await post<Role>('roles', { title: 'Holder', teamId: owner.id, roleSpecificationId: specification.id });
      expect((await api().delete(`/algorithm/teams/${owner.id}`).set('Authorization', admin).expect(409)).body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: `Team ${owner.id} is still used by roles`,
      });
      expect(
        (await api().delete(`/algorithm/rolespecifications/${specification.id}`).set('Authorization', admin).expect(409)).body,
      ).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: `Role specification ${specification.id} is still used by roles`,
      });
      await read(`/algorithm/teams/${owner.id}`);
      await api().delete(`/algorithm/roles/${role.id}`).set('Authorization', admin).expect(200);
      await api().delete(`/algorithm/rolespecifications/${specification.id}`).set('Authorization', admin).expect(200);
      await api().delete(`/algorithm/teams/${owner.id}`).set('Authorization', admin).expect(200);
    });
  });

  describe('access to teams, roles and role specifications', () => {
    it.each([
      ['POST /algorithm/teams', (auth: string) => api().post('/algorithm/teams').set('Authorization', auth).send({ name: 'X' })],
      ['PUT /algorithm/teams/1', (auth: string) => api().put('/algorithm/teams/1').set('Authorization', auth).send({ name: 'X' })],
      ['DELETE /algorithm/teams/1', (auth: string) => api().delete('/algorithm/teams/1').set('Authorization', auth)],
      [
        'POST /algorithm/roles',
        (auth: string) => api().post('/algorithm/roles').set('Authorization', auth).send({ title: 'X', teamId: 1 }),
      ],
      ['PUT /algorithm/roles/1', (auth: string) => api().put('/algorithm/roles/1').set('Authorization', auth).send({ title: 'X' })],
      ['DELETE /algorithm/roles/1', (auth: string) => api().delete('/algorithm/roles/1').set('Authorization', auth)],
      [
        'POST /algorithm/rolespecifications',
        (auth: string) => api().post('/algorithm/rolespecifications').set('Authorization', auth).send({}),
      ],
      [
        'PUT /algorithm/rolespecifications/1',
        (auth: string) => api().put('/algorithm/rolespecifications/1').set('Authorization', auth).send({}),
      ],
      [
        'DELETE /algorithm/rolespecifications/1',
        (auth: string) => api().delete('/algorithm/rolespecifications/1').set('Authorization', auth),
      ],
    ])('%s is 403 for a non-administrator', async (_route, send) => {
      expect((await send(member).expect(403)).body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Administrator rights are required',
      });
    });

    it.each([
      '/algorithm/teams',
      '/algorithm/roles',
      '/algorithm/rolespecifications',
      '/algorithm/teams/1',
      '/algorithm/roles/1',
      '/algorithm/rolespecifications/1',
    ])('GET %s is 401 without a token', async (route) => {
      expect((await api().get(route).expect(401)).body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Missing Authorization header',
      });
    });

    it('answers 403 for a forged token', async () => {
      const forged = `Bearer ${new TestTokens().admin()}`;
      await api().get('/algorithm/teams').set('Authorization', forged).expect(403);
      await api().post('/algorithm/teams').set('Authorization', forged).send({ name: 'Forged' }).expect(403);
    });
  });

  describe('AlgorithmDirectory', () => {
    it('gives a role match what it needs', async () => {
      const directory = evaluation.service.app.get(AlgorithmDirectory);
      const team = await post<Team>('teams', { name: 'Directory team', memberPersonaIds: [PERSONA_A] });
      const specification = await post<{ id: number }>('rolespecifications', { professionalYears: { id: ids['years'], priority: 1 } });
      const second = await post<Role>('roles', { title: 'Second', teamId: team.id });
      const third = await post<Role>('roles', { title: 'Third', teamId: team.id, roleSpecificationId: specification.id });
      await api()
        .put(`/algorithm/userexperiences/6006`)
        .set('Authorization', admin)
        .send({ professionalYearsId: ids['years'] })
        .expect(201);
      await api()
        .put(`/algorithm/usergoals/6006`)
        .set('Authorization', admin)
        .send({ locationIds: [ids['location']] })
        .expect(201);

      expect(await directory.getTeam(team.id)).toEqual(team);
      expect(await directory.getTeam(987654)).toBeUndefined();
      expect(await directory.firstRoleOfTeam(team.id)).toEqual(second);
      expect(await directory.firstRoleOfTeam(987654)).toBeUndefined();
      expect(await directory.getRole(third.id)).toEqual(third);
      expect(await directory.getRoleSpecification(specification.id)).toEqual(
        await read(`/algorithm/rolespecifications/${specification.id}`),
      );
      expect(await directory.getUserExperience(6006)).toEqual(await read('/algorithm/userexperiences/6006'));
      expect(await directory.getUserGoal(6006)).toEqual(await read('/algorithm/usergoals/6006'));
      expect(await directory.getUserGoal(6007)).toBeUndefined();
      expect(await directory.orderByValues('professionalyears', [ids['years'] ?? 0, 99999])).toEqual(new Map([[ids['years'], 3]]));
      expect(await directory.orderByOf('educationlevels', ids['education'] ?? 0)).toBe(2);
      expect(await directory.orderByOf('studymajors', 99999)).toBeUndefined();
    });
  });

  it('describes every collection in its OpenAPI document', async () => {
    const response = await api().get('/docs-json').expect(200);
    const paths = response.body.paths as Record<
      string,
      Record<string, { tags?: string[]; security?: unknown[]; responses: Record<string, unknown> }>
    >;
    for (const collection of [
      'teams',
      'roles',
      'rolespecifications',
      'industries',
      'workfunctions',
      'skills',
      'professionalyears',
      'educationlevels',
      'studymajors',
      'locations',
    ]) {
      expect(Object.keys(paths[`/algorithm/${collection}`] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(paths[`/algorithm/${collection}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
      expect(paths[`/algorithm/${collection}`]?.['post']?.tags).toEqual([`algorithm/${collection}`]);
      expect(paths[`/algorithm/${collection}`]?.['post']?.security).toEqual([{ bearer: [] }]);
    }
    for (const collection of ['userexperiences', 'usergoals']) {
      expect(Object.keys(paths[`/algorithm/${collection}/{userId}`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
      expect(Object.keys(paths[`/algorithm/${collection}/{userId}`]?.['put']?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '201', '400', '401', '403']),
      );
    }
    expect(Object.keys(paths['/algorithm/locations/{id}']?.['delete']?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
    const schemas = response.body.components.schemas as Record<string, { properties: Record<string, unknown> }>;
    expect(Object.keys(schemas['RoleSpecificationDto']?.properties ?? {}).sort()).toEqual(
      ['educationLevel', 'function', 'id', 'industry', 'location', 'professionalYears', 'skill', 'studyMajor'].sort(),
    );
    expect(Object.keys(schemas['LocatedLookupDto']?.properties ?? {}).sort()).toEqual(['countryId', 'id', 'name']);
  });
});
