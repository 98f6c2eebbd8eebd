import { OBJECT_ID } from '@teamfit/common';
import { clockPast } from '@teamfit/common/testing';
import { expectBadRequest, ISO_TIMESTAMP, UNKNOWN_OBJECT_ID, UNKNOWN_UUID } from '@teamfit/platform/testing';
import request from 'supertest';
import { type ProfileHarness, startProfile } from './profile-test-kit';

const ORG_A = '5d7f7c43-8a4e-4b7c-9b3f-0e6c2d1a9f88';
const ORG_B = 'acme-organisation';

/** The create shape (POST and PUT). */
interface Team {
  _id: string;
  organisation_id: string;
  teamName: string;
  teamDescription: string | null;
  roleName: string | null;
  managers: string[];
  memberIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** The list shape (GET /team, GET /team/:id). */
interface TeamListItem {
  _id: string;
  name: string;
  description: string | null;
  members: string[];
  organisation_id: string;
  roleName: string | null;
  managers: string[];
  createdAt: string;
  updatedAt: string;
}

const listShapeOf = (team: Team): TeamListItem => ({
  _id: team._id,
  name: team.teamName,
  description: team.teamDescription,
  members: team.memberIds,
  organisation_id: team.organisation_id,
  roleName: team.roleName,
  managers: team.managers,
  createdAt: team.createdAt,
  updatedAt: team.updatedAt,
});

describe('profile service: /team', () => {
  let profile: ProfileHarness;
  const api = () => request(profile.service.url);
  const list = async (): Promise<TeamListItem[]> =>
    (await api().get('/team').set('Authorization', profile.member).expect(200)).body as TeamListItem[];
  const create = async (body: Record<string, unknown>): Promise<Team> =>
    (await api().post('/team').set('Authorization', profile.admin).send(body).expect(201)).body as Team;
  const get = async (id: string): Promise<TeamListItem> =>
    (await api().get(`/team/${id}`).set('Authorization', profile.member).expect(200)).body as TeamListItem;

  beforeAll(async () => {
    profile = await startProfile();
  });

  afterAll(async () => {
    await profile?.close();
  });

  describe('create', () => {
    it('answers 201 in the create shape, with every given field', async () => {
      const response = await api()
        .post('/team')
        .set('Authorization', profile.admin)
        .send({
          organisation_id: ORG_A,
          teamName: 'Platform',
          teamDescription: 'Keeps the lights on',
          roleName: 'Backend developer',
          managers: ['manager-1'],
          memberIds: ['665f1c2b9d3e4a0012345678', '665f1c2b9d3e4a0012345679'],
        })
        .expect(201);
      expect(response.body).toEqual({
        _id: expect.stringMatching(OBJECT_ID),
        organisation_id: ORG_A,
        teamName: 'Platform',
        teamDescription: 'Keeps the lights on',
        roleName: 'Backend developer',
        managers: ['manager-1'],
        memberIds: ['665f1c2b9d3e4a0012345678', '665f1c2b9d3e4a0012345679'],
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
    });

    it('defaults managers and memberIds to [] and the optional texts to null', async () => {
      const team = await create({ organisation_id: ORG_A, teamName: 'Defaults' });
      expect(team).toEqual({
        _id: expect.stringMatching(OBJECT_ID),
        organisation_id: ORG_A,
        teamName: 'Defaults',
        teamDescription: null,
        roleName: null,
        managers: [],
        memberIds: [],
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
    });

    it.each([
      ['a missing organisation_id', { teamName: 'No org' }, 'organisation_id'],
      ['a missing teamName', { organisation_id: ORG_A }, 'teamName'],
      ['an empty teamName', { organisation_id: ORG_A, teamName: '' }, 'teamName should not be empty'],
      ['managers that are not an array', { organisation_id: ORG_A, teamName: 'Bad managers', managers: 'x' }, 'managers must be an array'],
      ['memberIds that are not strings', { organisation_id: ORG_A, teamName: 'Bad members', memberIds: [1, 2] }, 'memberIds'],
      ['a null managers', { organisation_id: ORG_A, teamName: 'Null managers', managers: null }, 'managers must be an array'],
      ['an unknown field', { organisation_id: ORG_A, teamName: 'Extra', name: 'Extra' }, 'property name should not exist'],
    ])('rejects %s with 400 naming the field, creating nothing', async (_case, body, fragment) => {
      const before = await list();
      const response = await api().post('/team').set('Authorization', profile.admin).send(body).expect(400);
      expectBadRequest(response.body, fragment);
      expect(await list()).toEqual(before);
    });

    it('rejects a name already used in the organisation, in any letter case, with 409', async () => {
      await create({ organisation_id: ORG_A, teamName: 'Design' });
      const response = await api()
        .post('/team')
        .set('Authorization', profile.admin)
        .send({ organisation_id: ORG_A, teamName: 'DESIGN' })
        .expect(409);
      expect(response.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'A team with this name already exists in the organisation',
      });
      expect((await list()).filter((team) => team.name.toLowerCase() === 'design')).toHaveLength(1);
    });

    it('allows the same name in another organisation', async () => {
      await create({ organisation_id: ORG_A, teamName: 'Shared name' });
      const other = await create({ organisation_id: ORG_B, teamName: 'Shared name' });
      expect(other.organisation_id).toBe(ORG_B);
    });

    it('of two concurrent creations with one name in one organisation, exactly one succeeds and the other is 409', async () => {
      for (let round = 0; round < 5; round += 1) {
        const teamName = `Race ${round}`;
        const responses = await Promise.all([
          api().post('/team').set('Authorization', profile.admin).send({ organisation_id: ORG_A, teamName }),
          api().post('/team').set('Authorization', profile.admin).send({ organisation_id: ORG_A, teamName: teamName.toUpperCase() }),
        ]);
        expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
        expect(
          (await list()).filter((team) => team.organisation_id === ORG_A && team.name.toLowerCase() === teamName.toLowerCase()),
        ).toHaveLength(1);
      }
    });
  });

  describe('read', () => {
    it('lists teams in the list shape, oldest first', async () => {
      const first = await create({ organisation_id: ORG_B, teamName: 'List one', teamDescription: 'First', memberIds: ['m-1'] });
      const second = await create({ organisation_id: ORG_B, teamName: 'List two' });
      const listed = await list();
      expect(listed).toEqual(expect.arrayContaining([listShapeOf(first), listShapeOf(second)]));
      const ids = listed.map((team) => team._id);
      expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
    });

    it('gets one team with its member list in the list shape', async () => {
      const team = await create({
        organisation_id: ORG_B,
        teamName: 'Get me',
        teamDescription: 'One team',
        roleName: 'QA',
        managers: ['boss'],
        memberIds: ['a', 'b'],
      });
      expect(await get(team._id)).toEqual({
        _id: team._id,
        name: 'Get me',
        description: 'One team',
        members: ['a', 'b'],
        organisation_id: ORG_B,
        roleName: 'QA',
        managers: ['boss'],
        createdAt: team.createdAt,
        updatedAt: team.updatedAt,
      });
    });

    it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
      const missing = await api().get(`/team/${UNKNOWN_OBJECT_ID}`).set('Authorization', profile.member).expect(404);
      expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Team not found' });
      expectBadRequest((await api().get('/team/xyz').set('Authorization', profile.member).expect(400)).body, 'id must be a mongodb id');
    });
  });

  describe('update', () => {
    it('changes any subset of the create fields, organisation_id too, and answers in the create shape', async () => {
      const team = await create({ organisation_id: ORG_A, teamName: 'Before', teamDescription: 'Old', roleName: 'Dev', managers: ['m'] });
      await clockPast(team.updatedAt);
      const response = await api()
        .put(`/team/${team._id}`)
        .set('Authorization', profile.admin)
        .send({ teamName: 'After', memberIds: ['x', 'y'], roleName: null })
        .expect(200);
      const updated = response.body as Team;
      expect(updated).toEqual({
        ...team,
        teamName: 'After',
        memberIds: ['x', 'y'],
        roleName: null,
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(team.updatedAt));
      expect(await get(team._id)).toEqual(listShapeOf(updated));

      const moved = await api().put(`/team/${team._id}`).set('Authorization', profile.admin).send({ organisation_id: ORG_B }).expect(200);
      expect((moved.body as Team).organisation_id).toBe(ORG_B);
    });

    it('rejects a rename onto a name used in the organisation with 409, changing nothing', async () => {
      await create({ organisation_id: ORG_A, teamName: 'Occupied' });
      const team = await create({ organisation_id: ORG_A, teamName: 'Renamer' });
      const response = await api()
        .put(`/team/${team._id}`)
        .set('Authorization', profile.admin)
        .send({ teamName: 'occupied', roleName: 'X' })
        .expect(409);
      expect(response.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'A team with this name already exists in the organisation',
      });
      expect(await get(team._id)).toEqual(listShapeOf(team));
    });

    it('rejects a move into an organisation that already has the name with 409', async () => {
      await create({ organisation_id: ORG_B, teamName: 'Mover' });
      const team = await create({ organisation_id: ORG_A, teamName: 'Mover' });
      await api().put(`/team/${team._id}`).set('Authorization', profile.admin).send({ organisation_id: ORG_B }).expect(409);
      expect((await get(team._id)).organisation_id).toBe(ORG_A);
    });

    it('lets a team change the letter case of its own name', async () => {
      const team = await create({ organisation_id: ORG_A, teamName: 'case team' });
      const response = await api().put(`/team/${team._id}`).set('Authorization', profile.admin).send({ teamName: 'Case Team' }).expect(200);
      expect((response.body as Team).teamName).toBe('Case Team');
    });

    it('rejects invalid fields with 400 naming them, changing nothing', async () => {
      const team = await create({ organisation_id: ORG_A, teamName: 'Invalid update' });
      const put = (body: Record<string, unknown>) =>
        api().put(`/team/${team._id}`).set('Authorization', profile.admin).send(body).expect(400);
      expectBadRequest((await put({ teamName: '' })).body, 'teamName should not be empty');
      expectBadRequest((await put({ organisation_id: null })).body, 'organisation_id');
      expectBadRequest((await put({ managers: [3] })).body, 'managers');
      expectBadRequest((await put({ members: ['a'] })).body, 'property members should not exist');
      expect(await get(team._id)).toEqual(listShapeOf(team));
    });

    it('answers 404 for an unknown id', async () => {
      const response = await api()
        .put(`/team/${UNKNOWN_OBJECT_ID}`)
        .set('Authorization', profile.admin)
        .send({ teamName: 'Ghost' })
        .expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Team not found' });
    });
  });

  describe('delete', () => {
    it('answers 200 with a message, after which the team is 404 and its name free', async () => {
      const team = await create({ organisation_id: ORG_A, teamName: 'Doomed' });
      const response = await api().delete(`/team/${team._id}`).set('Authorization', profile.admin).expect(200);
      expect(response.body).toEqual({ message: 'Team deleted' });
      await api().get(`/team/${team._id}`).set('Authorization', profile.member).expect(404);
      const again = await api().delete(`/team/${team._id}`).set('Authorization', profile.admin).expect(404);
      expect(again.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Team not found' });
      await create({ organisation_id: ORG_A, teamName: 'DOOMED' });
    });
  });

  describe('access', () => {
    let target: Team;

    beforeAll(async () => {
      target = await create({ organisation_id: ORG_A, teamName: 'Access target' });
    });

    it('forbids writes to non-administrator accounts with 403, changing nothing', async () => {
      const before = await list();
      const attempts = [
        api().post('/team').set('Authorization', profile.member).send({ organisation_id: ORG_A, teamName: 'Sneaky' }),
        api().put(`/team/${target._id}`).set('Authorization', profile.member).send({ teamName: 'Renamed' }),
        api().delete(`/team/${target._id}`).set('Authorization', profile.member),
      ];
      for (const attempt of attempts) {
        const response = await attempt.expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
      }
      expect(await list()).toEqual(before);
    });

    it('refuses persona tokens with 403', async () => {
      const persona = profile.persona(UNKNOWN_UUID);
      for (const attempt of [api().get('/team'), api().get(`/team/${target._id}`)]) {
        const response = await attempt.set('Authorization', persona).expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona token cannot be used here' });
      }
    });

    it.each([
      ['GET /team', () => api().get('/team')],
      ['POST /team', () => api().post('/team').send({ organisation_id: ORG_A, teamName: 'Anon' })],
      ['GET /team/:id', () => api().get(`/team/${UNKNOWN_OBJECT_ID}`)],
      ['PUT /team/:id', () => api().put(`/team/${UNKNOWN_OBJECT_ID}`).send({ teamName: 'Anon' })],
      ['DELETE /team/:id', () => api().delete(`/team/${UNKNOWN_OBJECT_ID}`)],
    ])('%s without a token is 401', async (_route, send) => {
      const response = await send().expect(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
    });
  });
});
