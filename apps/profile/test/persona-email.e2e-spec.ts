import { s256Challenge } from '@teamfit/auth';
import { type ReceivedMail, type SmtpListener, startSmtpListener } from '@teamfit/mail/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { type Persona, type ProfileHarness, queryRows, startProfile } from './profile-test-kit';

const TAKEN = { statusCode: 409, error: 'Conflict', message: 'This e-mail address is already the sign-in address of another persona' };

const codeOf = (mail: ReceivedMail): string => {
  const match = /address confirmation code: (\d{6})/.exec(mail.raw);
  if (!match?.[1]) throw new Error('no confirmation code in the e-mail');
  return match[1];
};

describe('sign-in addresses: unique ignoring case, and proven before a persona changes its own', () => {
  const clock = { offsetMs: 0 };
  let smtp: SmtpListener;
  let profile: ProfileHarness;
  const api = () => request(profile.service.url);

  const createPersona = async (body: Record<string, unknown>, userId: string = randomUUID()): Promise<Persona> =>
    (
      await api()
        .post('/persona')
        .set('Authorization', profile.admin)
        .send({ user_id: userId, role: 'Engineer', description: 'Has an address', ...body })
        .expect(201)
    ).body as Persona;
  const loginStatus = async (emailAddress: string): Promise<number> =>
    (
      await api()
        .post('/persona/login')
        .send({ emailAddress, codeChallenge: s256Challenge(randomBytes(48).toString('base64url')) })
    ).status;
  const confirm = (personaId: string, otp: string, token = profile.persona(personaId)) =>
    api().post(`/persona/${personaId}/email/verify`).set('Authorization', token).send({ otp });

  beforeAll(async () => {
    smtp = await startSmtpListener();
    profile = await startProfile({ env: { SMTP_URL: smtp.url }, app: { now: () => new Date(Date.now() + clock.offsetMs) } });
  });

  afterEach(() => {
    clock.offsetMs = 0;
  });

  afterAll(async () => {
    await profile?.close();
    await smtp?.close();
  });

  it("refuses another persona's address, or a case variant, with 409 on create, PUT and PATCH, changing nothing", async () => {
    const victim = await createPersona({ emailAddress: 'Victim@Example.test' });
    const other = await createPersona({ emailAddress: 'other@example.test' });
    expect(
      (
        await api()
          .post('/persona')
          .set('Authorization', profile.admin)
          .send({ user_id: randomUUID(), role: 'R', description: 'd', emailAddress: 'victim@EXAMPLE.test' })
          .expect(409)
      ).body,
    ).toEqual(TAKEN);
    // Another user's persona cannot sign in with it through its user address either.
    await api()
      .post('/persona')
      .set('Authorization', profile.admin)
      .send({ user_id: randomUUID(), role: 'R', description: 'd', user: { emailAddress: 'VICTIM@example.test' } })
      .expect(409);
    await api().put(`/persona/${other.id}`).set('Authorization', profile.admin).send({ emailAddress: 'VICTIM@example.test' }).expect(409);
    await api().patch(`/persona/${other.id}`).set('Authorization', profile.admin).send({ emailAddress: 'victim@example.test' }).expect(409);
    const mails = smtp.messages.length;
    const own = await api()
      .patch(`/persona/${other.id}`)
      .set('Authorization', profile.persona(other.id))
      .send({ emailAddress: 'victim@example.TEST', profileBio: 'changed' })
      .expect(409);
    expect(own.body).toEqual(TAKEN);
    expect(smtp.messages.length).toBe(mails);
    const [stored] = await queryRows<{ email_address: string; profile_bio: string | null }>(
      profile.database.url,
      'SELECT email_address, profile_bio FROM profile.personas WHERE id = $1',
      [other.id],
    );
    expect(stored).toEqual({ email_address: 'other@example.test', profile_bio: null });
    expect((await api().get(`/persona/${victim.id}`).set('Authorization', profile.admin).expect(200)).body.emailAddress).toBe(
      'Victim@Example.test',
    );
  });

  it('of two concurrent creates with one address exactly one wins', async () => {
    const create = () =>
      api()
        .post('/persona')
        .set('Authorization', profile.admin)
        .send({ user_id: randomUUID(), role: 'R', description: 'd', emailAddress: 'race@example.test' });
    const statuses = (await Promise.all([create(), create(), create()])).map((response) => response.status);
    expect(statuses.sort()).toEqual([201, 409, 409]);
  });

  it("a persona's new address changes only once the code e-mailed to it is proven", async () => {
    const persona = await createPersona({ emailAddress: 'before@example.test' });
    const patched = await api()
      .patch(`/persona/${persona.id}`)
      .set('Authorization', profile.persona(persona.id))
      .send({ emailAddress: 'After@example.test', profileBio: 'Bio' })
      .expect(200);
    expect(patched.body).toMatchObject({ id: persona.id, emailAddress: 'before@example.test', profileBio: 'Bio' });
    expect(await loginStatus('after@example.test')).toBe(404);
    const otp = codeOf(await smtp.latestTo('after@example.test'));

    const wrong = await confirm(persona.id, otp === '000000' ? '111111' : '000000').expect(400);
    expect(wrong.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The confirmation code is wrong' });
    const intruder = await createPersona({});
    await confirm(persona.id, otp, profile.persona(intruder.id)).expect(403);
    await confirm(persona.id, otp, profile.admin).expect(403);

    const confirmed = await confirm(persona.id, otp).expect(200);
    expect(confirmed.body).toMatchObject({ id: persona.id, emailAddress: 'After@example.test', verifiedEmail: true });
    await confirm(persona.id, otp).expect(400);
    expect(await loginStatus('after@example.test')).toBe(200);
    expect(await loginStatus('before@example.test')).toBe(404);
  });

  it('the code expires, five wrong codes void it, and an address taken meanwhile is 409 at confirm', async () => {
    const persona = await createPersona({ emailAddress: 'slow@example.test' });
    const patch = (emailAddress: string) =>
      api().patch(`/persona/${persona.id}`).set('Authorization', profile.persona(persona.id)).send({ emailAddress }).expect(200);

    await patch('late@example.test');
    const late = codeOf(await smtp.latestTo('late@example.test'));
    clock.offsetMs = 10 * 60 * 1000 + 1000;
    expect((await confirm(persona.id, late).expect(400)).body.message).toBe('No address change is pending, or its code has expired');
    clock.offsetMs = 0;

    await patch('guessed@example.test');
    const guessed = codeOf(await smtp.latestTo('guessed@example.test'));
    for (let attempt = 0; attempt < 5; attempt += 1) await confirm(persona.id, guessed === '000000' ? '111111' : '000000').expect(400);
    expect((await confirm(persona.id, guessed).expect(400)).body.message).toBe('Too many wrong codes; ask for the change again');

    await patch('contested@example.test');
    const contested = codeOf(await smtp.latestTo('contested@example.test'));
    await createPersona({ emailAddress: 'CONTESTED@example.test' });
    expect((await confirm(persona.id, contested).expect(409)).body).toEqual(TAKEN);
    expect((await api().get(`/persona/${persona.id}`).set('Authorization', profile.admin).expect(200)).body.emailAddress).toBe(
      'slow@example.test',
    );
  });

  it('clearing its own address cannot make a persona sign in with an address another persona signs in with', async () => {
    const holder = await createPersona({ emailAddress: 'own@example.test', user: { emailAddress: 'shared@example.test' } });
    await createPersona({ emailAddress: 'shared@example.test' });
    const cleared = await api()
      .patch(`/persona/${holder.id}`)
      .set('Authorization', profile.persona(holder.id))
      .send({ emailAddress: null })
      .expect(409);
    expect(cleared.body).toEqual(TAKEN);
    await api().patch(`/persona/${holder.id}`).set('Authorization', profile.admin).send({ emailAddress: null }).expect(409);
    expect((await api().get(`/persona/${holder.id}`).set('Authorization', profile.admin).expect(200)).body.emailAddress).toBe(
      'own@example.test',
    );
  });

  it("a persona's user address needs proof too; personas of one user may share it; administrators set addresses at once", async () => {
    const userId = randomUUID();
    const first = await createPersona({ user: { emailAddress: 'family@example.test' } }, userId);
    await createPersona({ user: { emailAddress: 'Family@example.test' } }, userId);
    await api()
      .patch(`/persona/${first.id}`)
      .set('Authorization', profile.persona(first.id))
      .send({ user: { emailAddress: 'family.new@example.test' } })
      .expect(200);
    expect(await loginStatus('family.new@example.test')).toBe(404);
    await confirm(first.id, codeOf(await smtp.latestTo('family.new@example.test'))).expect(200);
    expect(await loginStatus('family.new@example.test')).toBe(200);

    const both = await api()
      .patch(`/persona/${first.id}`)
      .set('Authorization', profile.persona(first.id))
      .send({ emailAddress: 'a@example.test', user: { emailAddress: 'b@example.test' } })
      .expect(400);
    expect(both.body.message).toBe('emailAddress and user.emailAddress can be changed only one at a time');

    const admin = await api()
      .patch(`/persona/${first.id}`)
      .set('Authorization', profile.admin)
      .send({ emailAddress: 'set.by.admin@example.test' })
      .expect(200);
    expect(admin.body.emailAddress).toBe('set.by.admin@example.test');
  });

  it('the migration keeps the address of the persona that signed in with it and clears it on the others', async () => {
    const url = profile.database.url;
    await queryRows(url, 'DROP INDEX profile.personas_email_address_unique_idx');
    const insert = async (email: string, status: string, createdAt: string) =>
      (
        await queryRows<{ id: string }>(
          url,
          `INSERT INTO profile.personas (user_id, role, description, email_address, status, created_at, verified_email) VALUES ($1, 'R', 'd', $2, $3, $4, true) RETURNING id`,
          [randomUUID(), email, status, createdAt],
        )
      )[0]?.id;
    const blockedOldest = await insert('dup@example.test', 'BLOCKED', '2020-01-01T00:00:00Z');
    const keeper = await insert('Dup@example.test', 'ACTIVE', '2021-01-01T00:00:00Z');
    const newer = await insert('DUP@example.test', 'PENDING', '2022-01-01T00:00:00Z');
    const sql = readFileSync(path.join(__dirname, '../migrations/0003_unique_sign_in_addresses.sql'), 'utf8').split(
      '--> statement-breakpoint',
    );
    for (const statement of sql.slice(-2)) await queryRows(url, statement);
    const rows = await queryRows<{ id: string; email_address: string | null; verified_email: boolean }>(
      url,
      `SELECT id, email_address, verified_email FROM profile.personas WHERE id = ANY($1::uuid[])`,
      [[blockedOldest, keeper, newer]],
    );
    expect(new Map(rows.map((row) => [row.id, [row.email_address, row.verified_email]]))).toEqual(
      new Map([
        [blockedOldest, [null, false]],
        [keeper, ['Dup@example.test', true]],
        [newer, [null, false]],
      ]),
    );
  });
});
