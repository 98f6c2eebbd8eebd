import { clockPast } from '@teamfit/common/testing';
import { expectBadRequest, ISO_TIMESTAMP, UNKNOWN_UUID, UUID } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type Persona, type ProfileHarness, startProfile } from './profile-test-kit';

interface PersonaPage {
  personas: Persona[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

describe('profile service: /persona', () => {
  let profile: ProfileHarness;
  const api = () => request(profile.service.url);
  const create = async (body: Record<string, unknown> = {}): Promise<Persona> =>
    (
      await api()
        .post('/persona')
        .set('Authorization', profile.admin)
        .send({ user_id: randomUUID(), role: 'Engineer', description: 'A persona', ...body })
        .expect(201)
    ).body as Persona;
  const read = async (id: string): Promise<Persona> =>
    (await api().get(`/persona/${id}`).set('Authorization', profile.member).expect(200)).body as Persona;
  const page = async (query: string): Promise<PersonaPage> =>
    (await api().get(`/persona${query}`).set('Authorization', profile.member).expect(200)).body as PersonaPage;

  beforeAll(async () => {
    profile = await startProfile();
  });

  afterAll(async () => {
    await profile?.close();
  });

  describe('create', () => {
    it('answers 201 with every field of the persona, defaults applied', async () => {
      const userId = randomUUID();
      const response = await api()
        .post('/persona')
        .set('Authorization', profile.admin)
        .send({
          user_id: userId,
          role: 'Backend developer',
          description: 'Builds services',
          emailAddress: 'ada@example.test',
          linkedinProfileUrl: 'https://www.linkedin.com/in/ada',
          personalWebsite: 'https://ada.example.test',
          contactNumber: '+44 20 7946 0000',
        })
        .expect(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(UUID),
        user_id: userId,
        user: { id: expect.any(Number), firstName: null, lastName: null, username: null, emailAddress: null },
        role: 'Backend developer',
        roles: [],
        status: 'PENDING',
        description: 'Builds services',
        emailAddress: 'ada@example.test',
        profileBio: null,
        contactNumber: '+44 20 7946 0000',
        linkedinProfile: null,
        linkedinProfileUrl: 'https://www.linkedin.com/in/ada',
        personalWebsite: 'https://ada.example.test',
        portfolioURL: null,
        xHandler: null,
        instagramHandler: null,
        resumeContent: null,
        verifiedEmail: false,
        verified: false,
        isCandidate: false,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      const persona = response.body as Persona;
      expect(Number.isInteger(persona.user.id)).toBe(true);
      expect(await read(persona.id)).toEqual(persona);
    });

    it('assigns user.id from a sequence, increasing, unless one is given', async () => {
      const first = await create();
      const second = await create();
      expect(second.user.id).toBeGreaterThan(first.user.id);
      const given = await create({
        user: { id: 987654, firstName: 'Grace', lastName: 'Hopper', username: 'grace', emailAddress: 'grace@example.test' },
      });
      expect(given.user).toEqual({
        id: 987654,
        firstName: 'Grace',
        lastName: 'Hopper',
        username: 'grace',
        emailAddress: 'grace@example.test',
      });
    });

    it('lets an administrator set roles and status at creation; isCandidate follows CANDIDATE', async () => {
      const persona = await create({ roles: ['CANDIDATE', 'HR'], status: 'ACTIVE' });
      expect(persona).toMatchObject({ roles: ['CANDIDATE', 'HR'], status: 'ACTIVE', isCandidate: true });
    });

    it.each([
      ['a missing user_id', { user_id: undefined }, 'user_id must be a UUID'],
      ['a user_id that is not a UUID', { user_id: 'user-1' }, 'user_id must be a UUID'],
      ['a missing role', { role: undefined }, 'role'],
      ['a missing description', { description: undefined }, 'description must be a string'],
      ['a bad emailAddress', { emailAddress: 'nope' }, 'emailAddress must be an email'],
      ['a linkedinProfileUrl that is not a URL', { linkedinProfileUrl: 'not a url' }, 'linkedinProfileUrl must be a URL address'],
      ['a personalWebsite without a scheme', { personalWebsite: 'ada.example.test' }, 'personalWebsite must be a URL address'],
      ['an unknown role', { roles: ['ADMIN'] }, 'roles'],
      ['an unknown status', { status: 'DELETED' }, 'status must be one of'],
      ['a user.id that is not an integer', { user: { id: 1.5 } }, 'user.id must be an integer'],
      ['a user that is not an object', { user: 'ada' }, 'user'],
      ['an unknown field', { profileBio: 'x', nickname: 'ada' }, 'property nickname should not exist'],
    ])('rejects %s with 400 naming the field', async (_case, changes, fragment) => {
      const before = (await page('?limit=100')).total;
      const body: Record<string, unknown> = { user_id: randomUUID(), role: 'Engineer', description: 'A persona', ...changes };
      const response = await api().post('/persona').set('Authorization', profile.admin).send(body).expect(400);
      expectBadRequest(response.body, fragment);
      expect((await page('?limit=100')).total).toBe(before);
    });
  });

  describe('list', () => {
    const userId = randomUUID();
    let mine: Persona[];

    beforeAll(async () => {
      mine = [];
      for (const role of ['Senior Data Scientist', 'Data engineer', 'Designer', 'Support 100%_done', 'Product manager']) {
        mine.push(await create({ user_id: userId, role }));
      }
    });

    it('answers {personas, total, page, limit, totalPages} with defaults page 1 and limit 10', async () => {
      const result = await page('');
      expect(Object.keys(result).sort()).toEqual(['limit', 'page', 'personas', 'total', 'totalPages']);
      expect(result.page).toBe(1);
      expect(result.limit).toBe(10);
      expect(result.personas.length).toBe(Math.min(result.total, 10));
      expect(result.totalPages).toBe(Math.ceil(result.total / 10));
    });

    it('filters by user_id, oldest first', async () => {
      const result = await page(`?user_id=${userId}`);
      expect(result).toEqual({ personas: mine, total: 5, page: 1, limit: 10, totalPages: 1 });
    });

    it('pages in a stable order without overlap', async () => {
      const first = await page(`?user_id=${userId}&page=1&limit=2`);
      const second = await page(`?user_id=${userId}&page=2&limit=2`);
      const third = await page(`?user_id=${userId}&page=3&limit=2`);
      const beyond = await page(`?user_id=${userId}&page=4&limit=2`);
      expect([first, second, third].map((result) => result.totalPages)).toEqual([3, 3, 3]);
      expect([...first.personas, ...second.personas, ...third.personas]).toEqual(mine);
      expect(beyond).toEqual({ personas: [], total: 5, page: 4, limit: 2, totalPages: 3 });
      expect(await page(`?user_id=${userId}&page=1&limit=2`)).toEqual(first);
    });

    it('matches role case-insensitively and partially, wildcards taken literally', async () => {
      const data = await page(`?user_id=${userId}&role=DATA`);
      expect(data.personas.map((persona) => persona.role)).toEqual(['Senior Data Scientist', 'Data engineer']);
      const literal = await page(`?user_id=${userId}&role=${encodeURIComponent('100%_')}`);
      expect(literal.personas.map((persona) => persona.role)).toEqual(['Support 100%_done']);
      expect((await page(`?user_id=${userId}&role=${encodeURIComponent('%')}`)).total).toBe(1);
      expect((await page(`?user_id=${userId}&role=nothing-like-this`)).total).toBe(0);
    });

    it('searches the name, username and both addresses case-insensitively, and filters by status, with the other filters', async () => {
      const searchUser = randomUUID();
      const ada = await create({
        user_id: searchUser,
        status: 'ACTIVE',
        user: { firstName: 'Ada', lastName: 'Lovelace', username: 'countess', emailAddress: 'countess.search@example.test' },
      });
      const grace = await create({
        user_id: searchUser,
        emailAddress: 'grace_100%@example.test',
        user: { firstName: 'Grace', lastName: 'Hopper' },
      });
      const blocked = await create({ user_id: searchUser, status: 'BLOCKED', user: { username: 'lovelace-fan' } });
      const found = async (query: string) => (await page(`?user_id=${searchUser}&${query}`)).personas.map((persona) => persona.id);
      expect(await found('search=LOVELACE')).toEqual([ada.id, blocked.id]);
      expect(await found(`search=${encodeURIComponent('ada lovelace')}`)).toEqual([ada.id]);
      expect(await found('search=countess')).toEqual([ada.id]);
      expect(await found('search=COUNTESS.search%40example')).toEqual([ada.id]);
      expect(await found(`search=${encodeURIComponent('_100%@')}`)).toEqual([grace.id]);
      expect(await found(`search=${encodeURIComponent('%')}`)).toEqual([grace.id]);
      expect(await found('search=nobody-here')).toEqual([]);
      expect(await found('search=%20%20')).toEqual([ada.id, grace.id, blocked.id]);
      expect(await found('status=ACTIVE')).toEqual([ada.id]);
      expect(await found('status=PENDING')).toEqual([grace.id]);
      expect(await found('status=BLOCKED&search=lovelace')).toEqual([blocked.id]);
      expect(await found('status=ACTIVE&search=grace')).toEqual([]);
      const paged = await page(`?user_id=${searchUser}&search=lovelace&limit=1&page=2`);
      expect(paged).toMatchObject({ total: 2, page: 2, limit: 1, totalPages: 2 });
      expect(paged.personas.map((persona) => persona.id)).toEqual([blocked.id]);
    });

    it.each([
      ['status=DELETED', 'status must be one of'],
      ['status=active', 'status must be one of'],
      [`search=${'a'.repeat(255)}`, 'search must be shorter than or equal to 254 characters'],
      ['search=a%00b', 'search'],
    ])('rejects %s with 400 naming the field', async (query, message) => {
      expectBadRequest((await api().get(`/persona?${query}`).set('Authorization', profile.member).expect(400)).body, message);
    });

    it('accepts limit 100 and rejects more with 400 naming limit', async () => {
      expect((await page('?limit=100')).limit).toBe(100);
      expectBadRequest(
        (await api().get('/persona?limit=101').set('Authorization', profile.member).expect(400)).body,
        'limit must not be greater than 100',
      );
    });

    it.each([
      ['page=0', 'page must not be less than 1'],
      ['page=abc', 'page must be an integer'],
      ['limit=0', 'limit must not be less than 1'],
      ['user_id=someone', 'user_id must be a UUID'],
      ['sort=role', 'property sort should not exist'],
    ])('rejects %s with 400 naming the parameter', async (query, fragment) => {
      expectBadRequest((await api().get(`/persona?${query}`).set('Authorization', profile.member).expect(400)).body, fragment);
    });
  });

  describe('read one', () => {
    it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
      const missing = await api().get(`/persona/${UNKNOWN_UUID}`).set('Authorization', profile.member).expect(404);
      expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
      expectBadRequest((await api().get('/persona/not-a-uuid').set('Authorization', profile.member).expect(400)).body, 'id must be a UUID');
    });
  });

  describe('PUT /persona/:id', () => {
    it('merges user field by field and changes only the given fields', async () => {
      const persona = await create({
        user: { firstName: 'Ada', lastName: 'Byron', username: 'ada', emailAddress: 'ada.user@example.test' },
        contactNumber: '1',
      });
      await clockPast(persona.updatedAt);
      const userId = randomUUID();
      const response = await api()
        .put(`/persona/${persona.id}`)
        .set('Authorization', profile.admin)
        .send({
          user: { lastName: 'Lovelace' },
          user_id: userId,
          role: 'Analyst',
          description: 'Notes',
          emailAddress: 'ada.persona@example.test',
          personalWebsite: 'https://ada.example.test',
          contactNumber: null,
        })
        .expect(200);
      const updated = response.body as Persona;
      expect(updated).toEqual({
        ...persona,
        user: { ...persona.user, lastName: 'Lovelace' },
        user_id: userId,
        role: 'Analyst',
        description: 'Notes',
        emailAddress: 'ada.persona@example.test',
        personalWebsite: 'https://ada.example.test',
        contactNumber: null,
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(persona.updatedAt));
      expect(await read(persona.id)).toEqual(updated);
    });

    it('rejects invalid or unaccepted fields with 400 naming them, changing nothing', async () => {
      const persona = await create();
      const put = (body: Record<string, unknown>) =>
        api().put(`/persona/${persona.id}`).set('Authorization', profile.admin).send(body).expect(400);
      expectBadRequest((await put({ linkedinProfileUrl: 'linkedin' })).body, 'linkedinProfileUrl must be a URL address');
      expectBadRequest((await put({ user: { emailAddress: 'x' } })).body, 'user.emailAddress must be an email');
      expectBadRequest((await put({ user: { id: 5 } })).body, 'property user.id should not exist');
      expectBadRequest((await put({ role: null })).body, 'role');
      expectBadRequest((await put({ roles: ['HR'] })).body, 'property roles should not exist');
      expectBadRequest((await put({ status: 'ACTIVE' })).body, 'property status should not exist');
      expect(await read(persona.id)).toEqual(persona);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await api().put(`/persona/${UNKNOWN_UUID}`).set('Authorization', profile.admin).send({ role: 'Ghost' }).expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
    });
  });

  describe('PATCH /persona/:persona_id', () => {
    it('changes the given profile fields, leaves omitted ones unchanged, and answers the full persona', async () => {
      const persona = await create({
        emailAddress: 'patch@example.test',
        contactNumber: '42',
        user: { firstName: 'Pat', lastName: 'Ch', username: 'pat' },
      });
      const response = await api()
        .patch(`/persona/${persona.id}`)
        .set('Authorization', profile.admin)
        .send({
          user: { username: 'patty' },
          profileBio: 'Bio',
          linkedinProfile: 'patty',
          portfolioURL: 'https://portfolio.example.test/patty',
          xHandler: '@patty',
          instagramHandler: 'patty.gram',
          resumeContent: 'Plain text résumé',
          verifiedEmail: true,
          verified: true,
        })
        .expect(200);
      expect(response.body).toEqual({
        ...persona,
        user: { ...persona.user, username: 'patty' },
        profileBio: 'Bio',
        linkedinProfile: 'patty',
        portfolioURL: 'https://portfolio.example.test/patty',
        xHandler: '@patty',
        instagramHandler: 'patty.gram',
        resumeContent: 'Plain text résumé',
        verifiedEmail: true,
        verified: true,
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(await read(persona.id)).toEqual(response.body);
    });

    it.each([
      ['roles', { roles: ['HR'] }, 'property roles should not exist'],
      ['status', { status: 'ACTIVE' }, 'property status should not exist'],
      ['a portfolioURL that is not a URL', { portfolioURL: 'portfolio' }, 'portfolioURL must be a URL address'],
      ['a linkedinProfileUrl that is not a URL', { linkedinProfileUrl: 'javascript:alert(1)' }, 'linkedinProfileUrl must be a URL address'],
      ['a bad emailAddress', { emailAddress: 'nope' }, 'emailAddress must be an email'],
      ['a non-boolean verified', { verified: 'yes' }, 'verified must be a boolean'],
      ['a description (PUT only)', { description: 'x' }, 'property description should not exist'],
    ])('rejects %s with 400, changing nothing', async (_case, body, fragment) => {
      const persona = await create();
      const response = await api().patch(`/persona/${persona.id}`).set('Authorization', profile.admin).send(body).expect(400);
      expectBadRequest(response.body, fragment);
      expect(await read(persona.id)).toEqual(persona);
    });

    it('lets a persona patch its own persona, and only its own (403 for another)', async () => {
      const own = await create();
      const other = await create();
      const token = profile.persona(own.id);
      const response = await api().patch(`/persona/${own.id}`).set('Authorization', token).send({ profileBio: 'Mine' }).expect(200);
      expect((response.body as Persona).profileBio).toBe('Mine');
      const refused = await api().patch(`/persona/${other.id}`).set('Authorization', token).send({ profileBio: 'Theirs' }).expect(403);
      expect(refused.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona may change only its own persona' });
      expect(await read(other.id)).toEqual(other);
    });

    it('forbids non-administrator accounts with 403', async () => {
      const persona = await create();
      const response = await api()
        .patch(`/persona/${persona.id}`)
        .set('Authorization', profile.member)
        .send({ profileBio: 'x' })
        .expect(403);
      expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
      expect(await read(persona.id)).toEqual(persona);
    });

    it('answers 404 for an unknown id and 400 naming persona_id for a malformed one', async () => {
      const missing = await api()
        .patch(`/persona/${UNKNOWN_UUID}`)
        .set('Authorization', profile.admin)
        .send({ profileBio: 'x' })
        .expect(404);
      expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
      expectBadRequest(
        (await api().patch('/persona/abc').set('Authorization', profile.admin).send({ profileBio: 'x' }).expect(400)).body,
        'persona_id must be a UUID',
      );
    });
  });
});
