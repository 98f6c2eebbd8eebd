import { buildOpenApiDocument } from '@teamfit/common';
import { ISO_TIMESTAMP, ResponseContract, UNKNOWN_UUID } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type ProfileHarness, queryRows, startProfile } from './profile-test-kit';

/**
 * PUT, GET and DELETE /persona/:id/demographics (docs/fairness.md, "Demographics"): the persona
 * itself or an administrator, stored only with consent, in a table of its own.
 */
describe('/persona/:id/demographics: self-reported, with consent, kept apart', () => {
  let harness: ProfileHarness;
  let contract: ResponseContract;
  const ids = { self: '', other: '', bare: '' };
  const api = () => request(harness.service.url);
  const createPersona = async (description: string): Promise<string> =>
    (
      await api()
        .post('/persona')
        .set('authorization', harness.admin)
        .send({ user_id: randomUUID(), role: 'Engineer', description })
        .expect(201)
    ).body.id as string;
  const put = (id: string, bearer: string, body: unknown) =>
    api()
      .put(`/persona/${id}/demographics`)
      .set('authorization', bearer)
      .send(body as object);
  const stored = (id: string) =>
    queryRows<{ sex: string; race_ethnicity: string }>(
      harness.database.url,
      'SELECT sex, race_ethnicity FROM profile.persona_demographics WHERE persona_id = $1',
      [id],
    );

  beforeAll(async () => {
    harness = await startProfile();
    contract = new ResponseContract(buildOpenApiDocument(harness.service.app, 'profile'));
    ids.self = await createPersona('Self');
    ids.other = await createPersona('Other');
    ids.bare = await createPersona('Declares nothing');
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('the persona declares its own; consentedAt is set by the server; GET answers the same to it and to an administrator', async () => {
    const before = Date.now();
    const answer = await put(ids.self, harness.persona(ids.self), { sex: 'FEMALE', raceEthnicity: 'ASIAN', consent: true }).expect(200);
    contract.assertMatches('PUT', `/persona/${ids.self}/demographics`, 200, answer.body);
    expect(answer.body).toEqual({
      personaId: ids.self,
      sex: 'FEMALE',
      raceEthnicity: 'ASIAN',
      consent: true,
      consentedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(Date.parse(answer.body.consentedAt as string)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(answer.body.consentedAt as string)).toBeLessThanOrEqual(Date.now());
    const own = await api().get(`/persona/${ids.self}/demographics`).set('authorization', harness.persona(ids.self)).expect(200);
    contract.assertMatches('GET', `/persona/${ids.self}/demographics`, 200, own.body);
    expect(own.body).toEqual(answer.body);
    expect((await api().get(`/persona/${ids.self}/demographics`).set('authorization', harness.admin).expect(200)).body).toEqual(
      answer.body,
    );
    expect(await stored(ids.self)).toEqual([{ sex: 'FEMALE', race_ethnicity: 'ASIAN' }]);
  });

  it('a change replaces the declaration and renews consentedAt; an administrator may declare for a persona', async () => {
    const first = (await api().get(`/persona/${ids.self}/demographics`).set('authorization', harness.admin).expect(200)).body;
    const changed = await put(ids.self, harness.persona(ids.self), {
      sex: 'DECLINED',
      raceEthnicity: 'TWO_OR_MORE_RACES',
      consent: true,
    }).expect(200);
    expect(changed.body).toMatchObject({ sex: 'DECLINED', raceEthnicity: 'TWO_OR_MORE_RACES' });
    expect(Date.parse(changed.body.consentedAt as string)).toBeGreaterThanOrEqual(Date.parse(first.consentedAt as string));
    expect(await stored(ids.self)).toEqual([{ sex: 'DECLINED', race_ethnicity: 'TWO_OR_MORE_RACES' }]);
    await put(ids.other, harness.admin, { sex: 'MALE', raceEthnicity: 'HISPANIC_OR_LATINO', consent: true }).expect(200);
    expect(await stored(ids.other)).toEqual([{ sex: 'MALE', race_ethnicity: 'HISPANIC_OR_LATINO' }]);
  });

  it('stores nothing without consent: false, missing or not the boolean true is 400 naming consent', async () => {
    for (const consent of [false, undefined, 'true', 1, null]) {
      const response = await put(ids.bare, harness.admin, { sex: 'MALE', raceEthnicity: 'WHITE', consent }).expect(400);
      expect({ consent, body: response.body }).toEqual({
        consent,
        body: { statusCode: 400, error: 'Bad Request', message: expect.stringContaining('consent must be true') },
      });
    }
    expect(await stored(ids.bare)).toEqual([]);
  });

  it('refuses values outside the enumerations and fields it does not know, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ sex: 'female', raceEthnicity: 'WHITE', consent: true }, 'sex must be one of FEMALE, MALE, OTHER, DECLINED'],
      [{ raceEthnicity: 'WHITE', consent: true }, 'sex must be one of'],
      [{ sex: 'MALE', raceEthnicity: 'CAUCASIAN', consent: true }, 'raceEthnicity must be one of'],
      [{ sex: 'MALE', raceEthnicity: null, consent: true }, 'raceEthnicity must be one of'],
      [{ sex: 'MALE', raceEthnicity: 'WHITE', consent: true, consentedAt: '2020-01-01T00:00:00Z' }, 'consentedAt'],
    ];
    for (const [body, message] of cases) {
      const response = await put(ids.bare, harness.admin, body).expect(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) });
    }
    expect(await stored(ids.bare)).toEqual([]);
  });

  it('refuses another persona, an account that is not an administrator, and no token', async () => {
    const body = { sex: 'MALE', raceEthnicity: 'WHITE', consent: true };
    const otherPersona = await put(ids.self, harness.persona(ids.other), body).expect(403);
    expect(otherPersona.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'A persona may reach only its own demographics' });
    await api().get(`/persona/${ids.self}/demographics`).set('authorization', harness.persona(ids.other)).expect(403);
    await api().delete(`/persona/${ids.self}/demographics`).set('authorization', harness.persona(ids.other)).expect(403);
    const member = await put(ids.self, harness.member, body).expect(403);
    expect(member.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' });
    await api().get(`/persona/${ids.self}/demographics`).set('authorization', harness.member).expect(403);
    await api().get(`/persona/${ids.self}/demographics`).expect(401);
    expect(await stored(ids.self)).toEqual([{ sex: 'DECLINED', race_ethnicity: 'TWO_OR_MORE_RACES' }]);
  });

  it('404 for an unknown persona and for a persona that declared nothing; 400 for an id that is not a UUID', async () => {
    const unknown = await put(UNKNOWN_UUID, harness.admin, { sex: 'MALE', raceEthnicity: 'WHITE', consent: true }).expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Persona not found' });
    expect((await api().get(`/persona/${UNKNOWN_UUID}/demographics`).set('authorization', harness.admin).expect(404)).body.message).toBe(
      'Persona not found',
    );
    expect((await api().get(`/persona/${ids.bare}/demographics`).set('authorization', harness.admin).expect(404)).body.message).toBe(
      'Demographics not found',
    );
    const malformed = await api().get('/persona/not-a-uuid/demographics').set('authorization', harness.admin).expect(400);
    expect(malformed.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('id') });
  });

  it('is never part of the persona answer', async () => {
    const persona = await api().get(`/persona/${ids.self}`).set('authorization', harness.admin).expect(200);
    expect(JSON.stringify(persona.body)).not.toMatch(/DECLINED|TWO_OR_MORE_RACES|raceEthnicity|consentedAt|"sex"/);
  });

  it('withdrawing consent deletes the row (204); the persona then counts as having declared nothing', async () => {
    await api().delete(`/persona/${ids.self}/demographics`).set('authorization', harness.persona(ids.self)).expect(204);
    expect(await stored(ids.self)).toEqual([]);
    await api().get(`/persona/${ids.self}/demographics`).set('authorization', harness.persona(ids.self)).expect(404);
    await api().delete(`/persona/${ids.self}/demographics`).set('authorization', harness.persona(ids.self)).expect(404);
  });

  it('goes with the persona when the persona is deleted', async () => {
    expect(await stored(ids.other)).toHaveLength(1);
    await api().delete(`/persona/${ids.other}`).set('authorization', harness.admin).expect(204);
    expect(await stored(ids.other)).toEqual([]);
  });
});
