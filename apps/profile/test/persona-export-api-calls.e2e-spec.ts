import { RequestLogWriter, SOMEONE_ELSE } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { type RunningTestService, seedTestAccounts, startTestService, TestTokens } from '@teamfit/platform/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { profileAppModule } from '../src/profile-app.module';

const ADA = 'ada.calls@example.test';
const GRACE = 'grace.calls@example.test';

/** Each caller's own client: a forwarded address and a User-Agent nobody else sends. */
const CLIENTS = {
  ada: { address: '198.51.100.23', userAgent: 'AdaPhone/1.0 (iPhone; own device)' },
  admin: { address: '203.0.113.99', userAgent: 'AdminConsole/9.9 (distinctive administrator browser)' },
  member: { address: '203.0.113.45', userAgent: 'MemberDesk/4.2 (distinctive dashboard user)' },
  grace: { address: '198.51.100.77', userAgent: 'GraceClient/3.1 (another persona)' },
  stranger: { address: '192.0.2.66', userAgent: 'Injector/6.6 (no token at all)' },
} as const;

interface ExportedCall {
  caller: string;
  method: string;
  url: string;
  statusCode: number;
  remoteAddress: string | null;
  remoteFamily: string | null;
  rawHeaders: string[];
  body: unknown;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
}

/**
 * The API-call section of a persona's export, against the attacks that filled it with other
 * people: an administrator's and an account's calls on Ada's record (their addresses and
 * User-Agents), another persona's calls that name her id, and calls without a token that name it
 * in a URL. All go through the real profile service and its real API-call log writer.
 */
describe("GET /persona/:id/export: the API-call log holds the persona's own calls and what others did, nobody's identity", () => {
  const tokens = new TestTokens();
  const adminId = '00000000-0000-4000-8000-00000000a0a0';
  const memberId = '00000000-0000-4000-8000-00000000b0b0';
  const admin = `Bearer ${tokens.admin({ sub: adminId })}`;
  const member = `Bearer ${tokens.account({ sub: memberId })}`;
  const persona = (id: string, emailAddress: string) => `Bearer ${tokens.mint({ sub: id, kind: 'persona', emailAddress, personaId: id })}`;
  let database: TestDatabase;
  let profile: RunningTestService;
  const ids = { ada: '', grace: '', team: '' };
  let calls: ExportedCall[] = [];
  let text = '';

  const from = (client: keyof typeof CLIENTS) => ({
    'x-forwarded-for': CLIENTS[client].address,
    'user-agent': CLIENTS[client].userAgent,
  });
  const createPersona = async (emailAddress: string, firstName: string) =>
    (
      await request(profile.url)
        .post('/persona')
        .set('authorization', admin)
        .set(from('admin'))
        .send({ user_id: randomUUID(), role: 'Analyst', description: `${firstName} for the export`, emailAddress, user: { firstName } })
        .expect(201)
    ).body.id as string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Rights are read from the account: the two accounts the tokens name exist.
    await seedTestAccounts(database.url, [
      { id: adminId, emailAddress: 'export.admin@teamfit.test', isAdmin: true },
      { id: memberId, emailAddress: 'export.member@teamfit.test' },
    ]);
    profile = await startTestService('profile', (config) => profileAppModule(config), { databaseUrl: database.url, keys: tokens.keys });
    const service = request(profile.url);
    ids.ada = await createPersona(ADA, 'Ada');
    ids.grace = await createPersona(GRACE, 'Grace');

    // Ada, with her own token.
    await service
      .patch(`/persona/${ids.ada}`)
      .set('authorization', persona(ids.ada, ADA))
      .set(from('ada'))
      .send({ profileBio: 'Poetical science' })
      .expect(200);
    await service.get('/persona/me').set('authorization', persona(ids.ada, ADA)).set(from('ada')).expect(200);

    // An administrator changes her record, and makes a team of her and Grace.
    await service
      .put(`/persona/${ids.ada}`)
      .set('authorization', admin)
      .set(from('admin'))
      .send({ role: 'Lead Analyst', description: 'Promoted' })
      .expect(200);
    ids.team = (
      await service
        .post('/team')
        .set('authorization', admin)
        .set(from('admin'))
        .send({ organisation_id: 'org-1', teamName: 'Engine', memberIds: [ids.ada, ids.grace] })
        .expect(201)
    ).body._id as string;
    // A dashboard user (an account without administrator rights) reads her.
    await service.get(`/persona/${ids.ada}`).set('authorization', member).set(from('member')).expect(200);

    // Grace, with her own token: a call on Ada's record (refused) and her own call whose body names Ada.
    await service.get(`/persona/${ids.ada}`).set('authorization', persona(ids.grace, GRACE)).set(from('grace')).expect(403);
    await service
      .patch(`/persona/${ids.grace}`)
      .set('authorization', persona(ids.grace, GRACE))
      .set(from('grace'))
      .send({ profileBio: `Works with ${ids.ada} (${ADA})` })
      .expect(200);

    // Anyone, without a token (or with a forged one), naming her id and address in URLs and bodies.
    await service.get(`/persona/${ids.ada}?injected=1`).set(from('stranger')).expect(401);
    await service
      .get(`/persona/${ids.ada}/export?injected=2`)
      .set('authorization', 'Bearer forged.token.value')
      .set(from('stranger'))
      .expect(403);
    await service.get(`/no-such-route/${ids.ada}?injected=3`).set(from('stranger')).expect(404);
    await service.post('/no-such-route?injected=4').set(from('stranger')).send({ personaId: ids.ada, emailAddress: ADA }).expect(404);

    await profile.app.get(RequestLogWriter).flush();
    const answer = await request(profile.url).get(`/persona/${ids.ada}/export`).set('authorization', admin).expect(200);
    text = answer.text;
    calls = (answer.body as { apiCalls: ExportedCall[] }).apiCalls;
  }, 120_000);

  afterAll(async () => {
    await profile?.close();
    await database?.drop();
  });

  it("holds no one else's address, User-Agent or id anywhere in the document", () => {
    for (const client of ['admin', 'member', 'grace', 'stranger'] as const) {
      expect({ client, address: text.includes(CLIENTS[client].address) }).toEqual({ client, address: false });
      expect({ client, userAgent: text.includes(CLIENTS[client].userAgent) }).toEqual({ client, userAgent: false });
    }
    for (const other of [adminId, memberId, ids.grace, GRACE])
      expect({ other, found: text.includes(other) }).toEqual({ other, found: false });
  });

  it('holds the calls Ada made with her own token, with her own address and client', () => {
    const own = calls.filter((call) => call.caller === 'self');
    expect(own.map((call) => `${call.method} ${call.url} ${call.statusCode}`)).toEqual([
      `PATCH /persona/${ids.ada} 200`,
      'GET /persona/me 200',
    ]);
    for (const call of own) {
      expect(call).toMatchObject({ remoteAddress: CLIENTS.ada.address, remoteFamily: 'IPv4' });
      expect(call.rawHeaders).toEqual(expect.arrayContaining(['user-agent', CLIENTS.ada.userAgent]));
      expect(call.rawHeaders).toEqual(expect.arrayContaining(['authorization', '[redacted]']));
    }
  });

  it('holds what accounts did to her record, as "an administrator" or "an account", without who or from where', () => {
    const byOthers = calls.filter((call) => call.caller !== 'self');
    expect(byOthers.map((call) => `${call.caller} ${call.method} ${call.url} ${call.statusCode}`)).toEqual([
      'administrator POST /persona 201',
      `administrator PUT /persona/${ids.ada} 200`,
      'administrator POST /team 201',
      `account GET /persona/${ids.ada} 200`,
    ]);
    for (const call of byOthers) expect(call).toMatchObject({ remoteAddress: null, remoteFamily: null, rawHeaders: [] });
    // What the administrator wrote about her stays hers; the other member of the team is someone else.
    expect(byOthers[1]?.body).toEqual({ role: 'Lead Analyst', description: 'Promoted' });
    expect(byOthers[2]?.body).toMatchObject({ teamName: 'Engine', memberIds: [ids.ada, SOMEONE_ELSE] });
  });

  it("holds neither another persona's calls that name her nor any call without a verified access token", () => {
    const urls = calls.map((call) => call.url);
    expect(urls.filter((url) => url.includes('injected'))).toEqual([]);
    expect(urls).not.toContain(`/persona/${ids.grace}`);
    expect(calls.filter((call) => call.statusCode === 403 || call.statusCode === 401)).toEqual([]);
  });
});
