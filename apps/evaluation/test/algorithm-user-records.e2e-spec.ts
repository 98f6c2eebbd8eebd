import { expectBadRequest } from '@teamfit/platform/testing';
import { algorithmServiceWithLookups } from './algorithm-lookups.fixture';

// Records keyed by the persona's integer user id; PUT /:userId upserts (201 created, 200 changed).
describe('evaluation service: /algorithm/userexperiences and /algorithm/usergoals', () => {
  const { admin, member, ids, api, post, read } = algorithmServiceWithLookups();

  describe.each([
    {
      collection: 'userexperiences',
      label: 'User experience',
      empty: { industryIds: [], functionIds: [], skillIds: [], studyMajorIds: [], professionalYearsId: null, educationLevelId: null },
      some: () => ({ industryIds: [ids['industry']], professionalYearsId: ids['years'] }),
      more: () => ({ skillIds: [ids['skill']], studyMajorIds: [ids['major']], educationLevelId: ids['education'] }),
      unknown: [
        [{ industryIds: [99999] }, 'industryIds refers to unknown industries id 99999'],
        [{ functionIds: [99999] }, 'functionIds'],
        [{ studyMajorIds: [99999] }, 'studyMajorIds'],
        [{ professionalYearsId: 99999 }, 'professionalYearsId refers to unknown professionalyears id 99999'],
        [{ educationLevelId: 99999 }, 'educationLevelId'],
      ],
      invalid: [
        [{ industryIds: null }, 'industryIds'],
        [{ skillIds: [0] }, 'skillIds must not be less than 1'],
        [{ professionalYearsId: [1] }, 'professionalYearsId must be an integer'],
        [{ locationIds: [1] }, 'property locationIds should not exist'],
      ],
    },
    {
      collection: 'usergoals',
      label: 'User goal',
      empty: { industryIds: [], functionIds: [], skillIds: [], locationIds: [] },
      some: () => ({ industryIds: [ids['industry'], ids['industry2']] }),
      more: () => ({ functionIds: [ids['function']], locationIds: [ids['location']] }),
      unknown: [
        [{ industryIds: [99999] }, 'industryIds refers to unknown industries id 99999'],
        [{ skillIds: [99998, 99997] }, 'skillIds refers to unknown skills ids 99998, 99997'],
        [{ locationIds: [99999] }, 'locationIds'],
      ],
      invalid: [
        [{ locationIds: 'x' }, 'locationIds must be an array'],
        [{ functionIds: [1, 1] }, "functionIds's elements must be unique"],
        [{ professionalYearsId: 1 }, 'property professionalYearsId should not exist'],
      ],
    },
  ] as const)('/algorithm/$collection', ({ collection, label, empty, some, more, unknown, invalid }) => {
    const path = (userId: number | string) => `/algorithm/${collection}/${userId}`;

    it('PUT /:userId creates the record (201, absent fields empty), then changes only the given fields (200)', async () => {
      const created = await api().put(path(42)).set('Authorization', admin).send(some()).expect(201);
      expect(created.body).toEqual({ userId: 42, ...empty, ...some() });
      expect(await read(path(42))).toEqual(created.body);

      const updated = await api().put(path(42)).set('Authorization', admin).send(more()).expect(200);
      expect(updated.body).toEqual({ userId: 42, ...empty, ...some(), ...more() });
      const unchanged = await api().put(path(42)).set('Authorization', admin).send({}).expect(200);
      expect(unchanged.body).toEqual(updated.body);
      const cleared = await api().put(path(42)).set('Authorization', admin).send(empty).expect(200);
      expect(cleared.body).toEqual({ userId: 42, ...empty });

      const fresh = await api().put(path(0)).set('Authorization', admin).send({}).expect(201);
      expect(fresh.body).toEqual({ userId: 0, ...empty });
    });

    it('concurrent PUTs for one user create one record', async () => {
      const responses = await Promise.all([1, 2, 3, 4].map(() => api().put(path(77)).set('Authorization', admin).send(some())));
      expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 201]);
      expect(
        ((await read(`/algorithm/${collection}?limit=100`)) as Array<{ userId: number }>).filter((row) => row.userId === 77),
      ).toHaveLength(1);
    });

    it('POST creates (201) and is 409 when the user already has one; DELETE removes it (200), then 404', async () => {
      const created = await post<Record<string, unknown>>(collection, { userId: 9001, ...more() });
      expect(created).toEqual({ userId: 9001, ...empty, ...more() });
      const again = await api().post(`/algorithm/${collection}`).set('Authorization', admin).send({ userId: 9001 }).expect(409);
      expect(again.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: expect.stringContaining(`${label} of user 9001 already exists`),
      });
      expectBadRequest((await api().post(`/algorithm/${collection}`).set('Authorization', admin).send({}).expect(400)).body, 'userId');

      const listed = (await read(`/algorithm/${collection}?limit=100`)) as Array<{ userId: number }>;
      expect(listed).toContainEqual(created);
      expect(listed.map((row) => row.userId)).toEqual([...listed.map((row) => row.userId)].sort((a, b) => a - b));

      expect((await api().delete(path(9001)).set('Authorization', admin).expect(200)).body).toEqual({ message: `${label} deleted` });
      expect(await read(path(9001), 404)).toEqual({ statusCode: 404, error: 'Not Found', message: `${label} not found` });
      await api().delete(path(9001)).set('Authorization', admin).expect(404);
    });

    it('rejects lookup ids that do not exist with 400 naming the field, storing nothing', async () => {
      for (const [body, fragment] of unknown) {
        expectBadRequest((await api().put(path(3003)).set('Authorization', admin).send(body).expect(400)).body, fragment);
        expectBadRequest(
          (
            await api()
              .post(`/algorithm/${collection}`)
              .set('Authorization', admin)
              .send({ userId: 3003, ...body })
              .expect(400)
          ).body,
          fragment,
        );
      }
      await read(path(3003), 404);
    });

    it('rejects invalid fields and user ids with 400 naming them', async () => {
      for (const [body, fragment] of invalid) {
        expectBadRequest((await api().put(path(3004)).set('Authorization', admin).send(body).expect(400)).body, fragment);
      }
      for (const userId of ['abc', '-1', '1.5']) {
        expectBadRequest(await read(path(userId), 400), 'userId');
        expectBadRequest((await api().put(path(userId)).set('Authorization', admin).send({}).expect(400)).body, 'userId');
        expectBadRequest((await api().delete(path(userId)).set('Authorization', admin).expect(400)).body, 'userId');
      }
      await read(path(3004), 404);
    });

    it('forbids writes to non-administrators (403) and answers 401 without a token', async () => {
      await api().put(path(5005)).set('Authorization', member).send({}).expect(403);
      await api().post(`/algorithm/${collection}`).set('Authorization', member).send({ userId: 5005 }).expect(403);
      await api().delete(path(42)).set('Authorization', member).expect(403);
      await read(path(5005), 404);
      await api().get(path(42)).expect(401);
      await api().put(path(42)).send({}).expect(401);
    });
  });
});
