import { OBJECT_ID } from '@teamfit/common';
import { clockPast } from '@teamfit/common/testing';
import { expectBadRequest, ISO_TIMESTAMP, UNKNOWN_OBJECT_ID, UNKNOWN_UUID } from '@teamfit/platform/testing';
import request from 'supertest';
import { type ProfileHarness, startProfile } from './profile-test-kit';

interface Teammate {
  _id: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  createdAt: string;
  updatedAt: string;
}

describe('profile service: /teammate and /me', () => {
  let profile: ProfileHarness;
  const api = () => request(profile.service.url);
  const list = async (): Promise<Teammate[]> =>
    (await api().get('/teammate').set('Authorization', profile.member).expect(200)).body as Teammate[];
  const create = async (body: Record<string, unknown>): Promise<Teammate> =>
    (await api().post('/teammate').set('Authorization', profile.admin).send(body).expect(201)).body as Teammate;

  beforeAll(async () => {
    profile = await startProfile();
  });

  afterAll(async () => {
    await profile?.close();
  });

  describe('create', () => {
    it('answers 201 with the teammate: a 24-hex _id and timestamps', async () => {
      const response = await api()
        .post('/teammate')
        .set('Authorization', profile.admin)
        .send({ firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'Ada.Lovelace@Example.test' })
        .expect(201);
      expect(response.body).toEqual({
        _id: expect.stringMatching(OBJECT_ID),
        firstName: 'Ada',
        lastName: 'Lovelace',
        emailAddress: 'Ada.Lovelace@Example.test',
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      const stored = await api()
        .get(`/teammate/${(response.body as Teammate)._id}`)
        .set('Authorization', profile.member)
        .expect(200);
      expect(stored.body).toEqual(response.body);
    });

    it.each([
      ['a missing firstName', { lastName: 'B', emailAddress: 'a@example.test' }, 'firstName'],
      ['an empty lastName', { firstName: 'A', lastName: '', emailAddress: 'b@example.test' }, 'lastName should not be empty'],
      ['a missing emailAddress', { firstName: 'A', lastName: 'B' }, 'emailAddress must be an email'],
      ['a bad emailAddress', { firstName: 'A', lastName: 'B', emailAddress: 'not-an-email' }, 'emailAddress must be an email'],
      ['a number as firstName', { firstName: 7, lastName: 'B', emailAddress: 'c@example.test' }, 'firstName must be a string'],
      [
        'an unknown field',
        { firstName: 'A', lastName: 'B', emailAddress: 'd@example.test', _id: UNKNOWN_OBJECT_ID },
        'property _id should not exist',
      ],
    ])('rejects %s with 400 naming the field, creating nothing', async (_case, body, fragment) => {
      const before = await list();
      const response = await api().post('/teammate').set('Authorization', profile.admin).send(body).expect(400);
      expectBadRequest(response.body, fragment);
      expect(await list()).toEqual(before);
    });

    it('rejects an e-mail address already used, in any letter case, with 409', async () => {
      await create({ firstName: 'Alan', lastName: 'Turing', emailAddress: 'alan@example.test' });
      const response = await api()
        .post('/teammate')
        .set('Authorization', profile.admin)
        .send({ firstName: 'Other', lastName: 'Alan', emailAddress: 'ALAN@Example.TEST' })
        .expect(409);
      expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'A teammate with this e-mail address already exists' });
      expect((await list()).filter((teammate) => teammate.emailAddress.toLowerCase() === 'alan@example.test')).toHaveLength(1);
    });

    it('of two concurrent creations with one e-mail address, exactly one succeeds and the other is 409', async () => {
      for (let round = 0; round < 5; round += 1) {
        const emailAddress = `race-${round}@example.test`;
        const responses = await Promise.all([
          api().post('/teammate').set('Authorization', profile.admin).send({ firstName: 'Race', lastName: 'One', emailAddress }),
          api()
            .post('/teammate')
            .set('Authorization', profile.admin)
            .send({ firstName: 'Race', lastName: 'Two', emailAddress: emailAddress.toUpperCase() }),
        ]);
        expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
        expect((await list()).filter((teammate) => teammate.emailAddress.toLowerCase() === emailAddress)).toHaveLength(1);
      }
    });
  });

  describe('read', () => {
    it('lists every teammate as an array, oldest first', async () => {
      const first = await create({ firstName: 'List', lastName: 'One', emailAddress: 'list-1@example.test' });
      const second = await create({ firstName: 'List', lastName: 'Two', emailAddress: 'list-2@example.test' });
      const listed = await list();
      expect(listed).toEqual(expect.arrayContaining([first, second]));
      const ids = listed.map((teammate) => teammate._id);
      expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
      expect(await list()).toEqual(listed);
    });

    it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
      const missing = await api().get(`/teammate/${UNKNOWN_OBJECT_ID}`).set('Authorization', profile.member).expect(404);
      expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Teammate not found' });
      expectBadRequest(
        (await api().get('/teammate/not-an-id').set('Authorization', profile.member).expect(400)).body,
        'id must be a mongodb id',
      );
    });
  });

  describe('/me', () => {
    it("answers the teammate whose e-mail address is the token's, ignoring letter case", async () => {
      const mine = await create({ firstName: 'Me', lastName: 'Myself', emailAddress: 'Me.Myself@Example.test' });
      const token = `Bearer ${profile.tokens.account({ emailAddress: 'me.myself@example.TEST' })}`;
      const response = await api().get('/me').set('Authorization', token).expect(200);
      expect(response.body).toEqual(mine);
    });

    it("answers 404 when no teammate has the token's e-mail address", async () => {
      const token = `Bearer ${profile.tokens.account({ emailAddress: 'nobody@example.test' })}`;
      const response = await api().get('/me').set('Authorization', token).expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Teammate not found' });
    });
  });

  describe('update', () => {
    it('changes only the given fields and bumps updatedAt', async () => {
      const teammate = await create({ firstName: 'Grace', lastName: 'Brewster', emailAddress: 'grace@example.test' });
      await clockPast(teammate.updatedAt);
      const response = await api()
        .put(`/teammate/${teammate._id}`)
        .set('Authorization', profile.admin)
        .send({ lastName: 'Hopper' })
        .expect(200);
      const updated = response.body as Teammate;
      expect(updated).toEqual({ ...teammate, lastName: 'Hopper', updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(teammate.updatedAt));
      expect((await api().get(`/teammate/${teammate._id}`).set('Authorization', profile.member).expect(200)).body).toEqual(updated);
    });

    it("rejects another teammate's e-mail address with 409, changing nothing", async () => {
      await create({ firstName: 'Taken', lastName: 'Already', emailAddress: 'taken@example.test' });
      const teammate = await create({ firstName: 'Mover', lastName: 'Wants', emailAddress: 'mover@example.test' });
      const response = await api()
        .put(`/teammate/${teammate._id}`)
        .set('Authorization', profile.admin)
        .send({ emailAddress: 'Taken@Example.test', firstName: 'Changed' })
        .expect(409);
      expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'A teammate with this e-mail address already exists' });
      expect((await api().get(`/teammate/${teammate._id}`).set('Authorization', profile.member).expect(200)).body).toEqual(teammate);
    });

    it('rejects invalid fields with 400 naming them, changing nothing', async () => {
      const teammate = await create({ firstName: 'In', lastName: 'Valid', emailAddress: 'invalid-update@example.test' });
      const put = (body: Record<string, unknown>) =>
        api().put(`/teammate/${teammate._id}`).set('Authorization', profile.admin).send(body).expect(400);
      expectBadRequest((await put({ emailAddress: 'nope' })).body, 'emailAddress must be an email');
      expectBadRequest((await put({ firstName: null })).body, 'firstName');
      expectBadRequest((await put({ lastName: '' })).body, 'lastName should not be empty');
      expectBadRequest((await put({ role: 'HR' })).body, 'property role should not exist');
      expect((await api().get(`/teammate/${teammate._id}`).set('Authorization', profile.member).expect(200)).body).toEqual(teammate);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await api()
        .put(`/teammate/${UNKNOWN_OBJECT_ID}`)
        .set('Authorization', profile.admin)
        .send({ firstName: 'Nobody' })
        .expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Teammate not found' });
    });
  });

  describe('delete', () => {
    it('answers 200 with a message, after which the teammate is 404 and its address free', async () => {
      const teammate = await create({ firstName: 'Delete', lastName: 'Me', emailAddress: 'delete@example.test' });
      const response = await api().delete(`/teammate/${teammate._id}`).set('Authorization', profile.admin).expect(200);
      expect(response.body).toEqual({ message: 'Teammate deleted' });
      await api().get(`/teammate/${teammate._id}`).set('Authorization', profile.member).expect(404);
      expect((await list()).map((listed) => listed._id)).not.toContain(teammate._id);
      const again = await api().delete(`/teammate/${teammate._id}`).set('Authorization', profile.admin).expect(404);
      expect(again.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Teammate not found' });
      await create({ firstName: 'Delete', lastName: 'Again', emailAddress: 'DELETE@example.test' });
    });
  });

  describe('access', () => {
    let target: Teammate;

    beforeAll(async () => {
      target = await create({ firstName: 'Access', lastName: 'Target', emailAddress: 'access@example.test' });
    });

    it('forbids writes to non-administrator accounts with 403, changing nothing', async () => {
      const before = await list();
      const attempts = [
        api()
          .post('/teammate')
          .set('Authorization', profile.member)
          .send({ firstName: 'S', lastName: 'N', emailAddress: 'sneaky@example.test' }),
        api().put(`/teammate/${target._id}`).set('Authorization', profile.member).send({ firstName: 'Changed' }),
        api().delete(`/teammate/${target._id}`).set('Authorization', profile.member),
      ];
      for (const attempt of attempts) {
        const response = await attempt.expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
      }
      expect(await list()).toEqual(before);
    });

    it('refuses persona tokens, even for reads, with 403', async () => {
      const persona = profile.persona(UNKNOWN_UUID, 'access@example.test');
      for (const attempt of [api().get('/teammate'), api().get(`/teammate/${target._id}`), api().get('/me')]) {
        const response = await attempt.set('Authorization', persona).expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona token cannot be used here' });
      }
    });

    it('refuses invalid and expired tokens with 403', async () => {
      const expired = profile.tokens.mint({ sub: UNKNOWN_UUID, kind: 'account', emailAddress: 'a@example.test', isAdmin: true }, -10);
      for (const token of ['garbage', expired]) {
        const response = await api().get('/teammate').set('Authorization', `Bearer ${token}`).expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Invalid or expired token' });
      }
    });

    it.each([
      ['GET /teammate', () => api().get('/teammate')],
      ['POST /teammate', () => api().post('/teammate').send({ firstName: 'A', lastName: 'N', emailAddress: 'anon@example.test' })],
      ['GET /teammate/:id', () => api().get(`/teammate/${UNKNOWN_OBJECT_ID}`)],
      ['PUT /teammate/:id', () => api().put(`/teammate/${UNKNOWN_OBJECT_ID}`).send({ firstName: 'A' })],
      ['DELETE /teammate/:id', () => api().delete(`/teammate/${UNKNOWN_OBJECT_ID}`)],
      ['GET /me', () => api().get('/me')],
    ])('%s without a token is 401', async (_route, send) => {
      const response = await send().expect(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
    });
  });
});
