import { OBJECT_ID } from '@teamfit/common';
import { clockPast } from '@teamfit/common/testing';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import {
  expectBadRequest,
  ISO_TIMESTAMP,
  type RunningTestService,
  startTestService,
  TestTokens,
  UNKNOWN_UUID,
  UUID,
} from '@teamfit/platform/testing';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { mediaAppModule } from '../../media/src/media-app.module';
import { organisationAppModule } from '../src/organisation-app.module';

const ROOT = path.resolve(__dirname, '../../..');
const PUBLIC_BASE_URL = 'https://teamfit.example.test';
const LOGO_URL = new RegExp(`^${PUBLIC_BASE_URL.replace(/\./g, '\\.')}/media/public/([0-9a-f]{24})$`);
const MB = 1024 * 1024;

/** A real 1×1 PNG, and stand-ins whose first bytes are what the formats start with. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 a jpeg')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 a webp')]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0])]);
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');

type Organisation = Record<string, unknown> & {
  id: string;
  _id: string;
  name: string;
  urlName: string;
  logo: string | null;
  updatedAt: string;
};
type Fields = Record<string, string>;
interface Logo {
  content: Buffer;
  name: string;
}

const DEFAULTS = {
  logo: null,
  algorithmVersion: 'v1',
  genderInputOnRegister: false,
  includeMatchUserInTeam: false,
  isLocationPriority: false,
  isPublic: false,
  licenses: 0,
  showMatches: false,
  userChange: false,
  templatePrefix: null,
  workstyleWeight: null,
  productExpireTimestamp: null,
  sampleAddTimestamp: null,
  industry: null,
  country: null,
};

describe('organisation service: /organisation', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  const member = `Bearer ${tokens.account()}`;
  let database: TestDatabase;
  let mediaDir: string;
  let media: RunningTestService;
  let service: RunningTestService;

  const api = () => request(service.url);
  const mediaFiles = (): string[] => readdirSync(path.join(mediaDir, 'files')).sort();
  const logoIdOf = (organisation: { logo: string | null }): string => LOGO_URL.exec(organisation.logo ?? '')?.[1] ?? 'no logo';

  /** A multipart request: every field a string, the logo a file part. */
  const multipart = (req: request.Test, fields: Fields, logo?: Logo): request.Test => {
    for (const [name, value] of Object.entries(fields)) void req.field(name, value);
    return logo ? req.attach('logo', logo.content, logo.name) : req;
  };
  const post = (fields: Fields, logo?: Logo, authorization = admin) =>
    multipart(api().post('/organisation').set('Authorization', authorization), fields, logo);
  const put = (id: string, fields: Fields, logo?: Logo, authorization = admin) =>
    multipart(api().put(`/organisation/${id}`).set('Authorization', authorization), fields, logo);
  const create = async (fields: Fields, logo?: Logo): Promise<Organisation> => {
    const response = await post(fields, logo).expect(200);
    expect(Object.keys(response.body as object)).toEqual(['organisation']);
    return (response.body as { organisation: Organisation }).organisation;
  };
  const list = async () =>
    (await api().get('/organisation').set('Authorization', member).expect(200)).body as Array<Record<string, unknown>>;
  const publicFile = (id: string) => request(media.url).get(`/public/${id}`);

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = mkdtempSync(path.join(tmpdir(), 'teamfit-org-media-'));
    media = await startTestService('media', mediaAppModule, { databaseUrl: database.url, keys: tokens.keys, env: { MEDIA_DIR: mediaDir } });
    service = await startTestService('organisation', organisationAppModule, {
      databaseUrl: database.url,
      keys: tokens.keys,
      env: { MEDIA_SERVICE_URL: media.url, PUBLIC_BASE_URL },
    });
  });

  afterAll(async () => {
    await service?.close();
    await media?.close();
    await database?.drop();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('POST', () => {
    it('answers 200 {organisation} with the documented defaults', async () => {
      const organisation = await create({ name: 'Acme Corp', urlName: 'acme-corp' });
      expect(organisation).toEqual({
        id: expect.stringMatching(UUID),
        _id: expect.stringMatching(OBJECT_ID),
        name: 'Acme Corp',
        urlName: 'acme-corp',
        ...DEFAULTS,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
    });

    it('parses every multipart string into its type', async () => {
      const organisation = await create({
        name: 'Globex',
        urlName: 'globex-2',
        algorithmVersion: 'v2',
        genderInputOnRegister: 'true',
        includeMatchUserInTeam: 'true',
        isLocationPriority: 'false',
        isPublic: 'true',
        licenses: '25',
        showMatches: 'true',
        userChange: 'true',
        templatePrefix: 'globex_',
        workstyleWeight: '0.75',
        productExpireTimestamp: '2027-01-31T12:00:00Z',
        sampleAddTimestamp: '2026-06-01T08:30:00.000+02:00',
      });
      expect(organisation).toMatchObject({
        algorithmVersion: 'v2',
        genderInputOnRegister: true,
        includeMatchUserInTeam: true,
        isLocationPriority: false,
        isPublic: true,
        licenses: 25,
        showMatches: true,
        userChange: true,
        templatePrefix: 'globex_',
        workstyleWeight: 0.75,
        productExpireTimestamp: '2027-01-31T12:00:00.000Z',
        sampleAddTimestamp: '2026-06-01T06:30:00.000Z',
      });
      expect((await api().get(`/organisation/${organisation.id}`).set('Authorization', member).expect(200)).body).toEqual(organisation);
    });

    it('stores the logo as a public media file and answers its absolute URL', async () => {
      const organisation = await create({ name: 'Initech', urlName: 'initech' }, { content: PNG, name: 'initech.png' });
      expect(organisation.logo).toMatch(LOGO_URL);
      const logo = await publicFile(logoIdOf(organisation)).expect(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.body).toEqual(PNG);
    });

    it.each([
      ['a .jpg JPEG', { content: JPEG, name: 'logo.jpg' }, 'image/jpeg'],
      ['a .jpeg JPEG', { content: JPEG, name: 'logo.JPEG' }, 'image/jpeg'],
      ['a .webp WebP', { content: WEBP, name: 'logo.webp' }, 'image/webp'],
      ['a PNG without an extension', { content: PNG, name: 'logo' }, 'image/png'],
    ])('accepts %s', async (_case, logo, type) => {
      const organisation = await create(
        { name: `Logo ${logo.name}`, urlName: `logo-${logo.name.replace(/\W/g, '-').toLowerCase()}` },
        logo,
      );
      const stored = await publicFile(logoIdOf(organisation)).expect(200);
      expect(stored.headers['content-type']).toBe(type);
    });

    it.each([
      ['name is missing', { urlName: 'no-name' }, 'name'],
      ['urlName is missing', { name: 'No Url' }, 'urlName'],
      ['name is empty', { name: '', urlName: 'empty-name' }, 'name should not be empty'],
      ['name has 101 characters', { name: 'n'.repeat(101), urlName: 'long-name' }, 'name must be shorter than or equal to 100 characters'],
      [
        'urlName has 101 characters',
        { name: 'Long Url', urlName: 'u'.repeat(101) },
        'urlName must be shorter than or equal to 100 characters',
      ],
      [
        'urlName is not URL-safe',
        { name: 'Spaces', urlName: 'Acme Corp' },
        'urlName must contain only lowercase letters, digits and hyphens',
      ],
      ['urlName has a slash', { name: 'Slash', urlName: 'a/b' }, 'urlName must contain only lowercase letters, digits and hyphens'],
      ['a boolean is "yes"', { name: 'Yes', urlName: 'yes', isPublic: 'yes' }, 'isPublic must be "true" or "false"'],
      ['a boolean is "TRUE"', { name: 'Upper', urlName: 'upper', showMatches: 'TRUE' }, 'showMatches must be "true" or "false"'],
      ['licenses is "12abc"', { name: 'Abc', urlName: 'abc', licenses: '12abc' }, 'licenses must be a non-negative integer'],
      ['licenses is negative', { name: 'Neg', urlName: 'neg', licenses: '-1' }, 'licenses must be a non-negative integer'],
      ['licenses is a fraction', { name: 'Frac', urlName: 'frac', licenses: '1.5' }, 'licenses must be a non-negative integer'],
      ['licenses is empty', { name: 'Empty', urlName: 'empty-licenses', licenses: '' }, 'licenses must be a non-negative integer'],
      ['workstyleWeight is "1e3"', { name: 'Exp', urlName: 'exp', workstyleWeight: '1e3' }, 'workstyleWeight must be a decimal number'],
      ['workstyleWeight is " 1"', { name: 'Space', urlName: 'space', workstyleWeight: ' 1' }, 'workstyleWeight must be a decimal number'],
      [
        'a timestamp is not ISO 8601',
        { name: 'When', urlName: 'when', productExpireTimestamp: 'next tuesday' },
        'productExpireTimestamp must be an ISO 8601 date-time',
      ],
      [
        'a timestamp is not a real date',
        { name: 'Feb', urlName: 'feb', sampleAddTimestamp: '2026-02-30T00:00:00Z' },
        'sampleAddTimestamp must be an ISO 8601 date-time',
      ],
      [
        'algorithmVersion is v3',
        { name: 'V3', urlName: 'v3', algorithmVersion: 'v3' },
        'algorithmVersion must be one of the following values: v1, v2',
      ],
      ['an unknown field is sent', { name: 'Extra', urlName: 'extra', industry: 'x' }, 'property industry should not exist'],
    ])('answers 400 naming the field when %s, creating nothing', async (_case, fields, fragment) => {
      const before = await list();
      const response = await post(fields).expect(400);
      expectBadRequest(response.body, fragment);
      expect(await list()).toEqual(before);
    });

    it('refuses a JSON body with 400: organisations take multipart/form-data', async () => {
      const response = await api().post('/organisation').set('Authorization', admin).send({ name: 'Json', urlName: 'json' }).expect(400);
      expectBadRequest(response.body, 'multipart/form-data');
    });

    it.each([
      [
        'a .png that is not an image',
        { content: Buffer.from('not a png at all'), name: 'logo.png' },
        'logo must be a png, webp, jpg or jpeg image',
      ],
      ['a .png that is a PDF', { content: PDF, name: 'logo.png' }, 'logo must be a png, webp, jpg or jpeg image'],
      ['a GIF', { content: GIF, name: 'logo.gif' }, 'logo must be a png, webp, jpg or jpeg image'],
      ['a .png that is a JPEG', { content: JPEG, name: 'logo.png' }, 'content must match its extension'],
      ['a PNG named .svg', { content: PNG, name: 'logo.svg' }, 'content must match its extension'],
      ['an empty file', { content: Buffer.alloc(0), name: 'logo.png' }, 'logo must be a png'],
      ['a 6 MB PNG', { content: Buffer.concat([PNG, Buffer.alloc(6 * MB)]), name: 'big.png' }, 'logo must be at most 5 MB'],
    ])('answers 400 for %s, storing neither organisation nor file', async (_case, logo, fragment) => {
      const before = { organisations: await list(), files: mediaFiles() };
      const response = await post({ name: 'Bad Logo', urlName: 'bad-logo' }, logo).expect(400);
      expectBadRequest(response.body, fragment);
      expect(await list()).toEqual(before.organisations);
      expect(mediaFiles()).toEqual(before.files);
    });

    it('accepts a logo of exactly 5 MB', async () => {
      const content = Buffer.concat([PNG, Buffer.alloc(5 * MB - PNG.length)]);
      const organisation = await create({ name: 'Five', urlName: 'five' }, { content, name: 'five.png' });
      const stored = await request(media.url)
        .get(`/media/${logoIdOf(organisation)}`)
        .set('Authorization', member)
        .expect(200);
      expect(stored.headers['content-length']).toBe(String(5 * MB));
    });

    it('answers 409 for a name or urlName already used, in any letter case, storing no logo', async () => {
      await create({ name: 'Umbrella', urlName: 'umbrella' });
      const before = { organisations: await list(), files: mediaFiles() };
      const byName = await post({ name: 'UMBRELLA', urlName: 'umbrella-2' }, { content: PNG, name: 'u.png' }).expect(409);
      expect(byName.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'An organisation with this name already exists' });
      const byUrl = await post({ name: 'Umbrella Two', urlName: 'umbrella' }, { content: PNG, name: 'u.png' }).expect(409);
      expect(byUrl.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'An organisation with this urlName already exists' });
      expect(await list()).toEqual(before.organisations);
      expect(mediaFiles()).toEqual(before.files);
    });

    it('lets only one of concurrent creates with the same name win; the loser leaves no logo behind', async () => {
      const before = mediaFiles().length;
      const attempts = await Promise.all(
        [1, 2, 3].map((n) =>
          post({ name: 'Race', urlName: `race-${n}` }, { content: PNG, name: 'race.png' }).then((response) => response.status),
        ),
      );
      expect(attempts.sort()).toEqual([200, 409, 409]);
      expect(mediaFiles()).toHaveLength(before + 1);
    });

    it('answers 503 when the media service is unreachable, creating nothing', async () => {
      const cut = await startTestService('organisation', organisationAppModule, {
        databaseUrl: database.url,
        keys: tokens.keys,
        env: { MEDIA_SERVICE_URL: 'http://127.0.0.1:1' },
      });
      try {
        const before = await list();
        const response = await multipart(
          request(cut.url).post('/organisation').set('Authorization', admin),
          { name: 'Offline', urlName: 'offline' },
          { content: PNG, name: 'o.png' },
        ).expect(503);
        expect(response.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: expect.stringContaining('media service') });
        expect(await list()).toEqual(before);
      } finally {
        await cut.close();
      }
    });
  });

  describe('GET', () => {
    it('lists items in the published list shape, oldest first', async () => {
      const first = await create({ name: 'List One', urlName: 'list-one' });
      const second = await create({ name: 'List Two', urlName: 'list-two' });
      const items = await list();
      for (const item of items) expect(Object.keys(item).sort()).toEqual(['_id', 'country', 'createdAt', 'industry', 'name', 'updatedAt']);
      const ids = items.map((item) => item['_id']);
      expect(items).toContainEqual({
        _id: first._id,
        name: 'List One',
        industry: null,
        country: null,
        createdAt: first['createdAt'],
        updatedAt: first.updatedAt,
      });
      expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
    });

    it('gets one organisation by its id or by the _id of its list item', async () => {
      const organisation = await create({ name: 'Lookup', urlName: 'lookup' });
      expect((await api().get(`/organisation/${organisation.id}`).set('Authorization', member).expect(200)).body).toEqual(organisation);
      expect((await api().get(`/organisation/${organisation._id}`).set('Authorization', member).expect(200)).body).toEqual(organisation);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await api().get(`/organisation/${UNKNOWN_UUID}`).set('Authorization', member).expect(404)).body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Organisation not found',
      });
      await api().get('/organisation/665f1c2e9b1e8a3d4c5b6a79').set('Authorization', member).expect(404);
      expectBadRequest(
        (await api().get('/organisation/acme').set('Authorization', member).expect(400)).body,
        'id must be a UUID or a 24-character hexadecimal ObjectId',
      );
    });
  });

  describe('PUT', () => {
    it('changes only the fields sent and bumps updatedAt', async () => {
      const organisation = await create({ name: 'Hooli', urlName: 'hooli', licenses: '3', templatePrefix: 'h_' });
      await clockPast(organisation.updatedAt);
      const response = await put(organisation.id, { licenses: '40', isPublic: 'true', templatePrefix: '' }).expect(200);
      const updated = response.body as Organisation;
      expect(updated).toEqual({
        ...organisation,
        licenses: 40,
        isPublic: true,
        templatePrefix: null,
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(organisation.updatedAt));
      expect((await api().get(`/organisation/${organisation.id}`).set('Authorization', member).expect(200)).body).toEqual(updated);
      const renamed = await put(organisation._id, { name: 'HOOLI', urlName: 'hooli-xyz' }).expect(200);
      expect(renamed.body).toMatchObject({ id: organisation.id, name: 'HOOLI', urlName: 'hooli-xyz', licenses: 40 });
    });

    it('changes nothing, not even updatedAt, when nothing is sent', async () => {
      const organisation = await create({ name: 'Idle', urlName: 'idle' });
      expect((await api().put(`/organisation/${organisation.id}`).set('Authorization', admin).expect(200)).body).toEqual(organisation);
      expect((await api().put(`/organisation/${organisation.id}`).set('Authorization', admin).field('logo', '').expect(400)).body).toEqual(
        expect.objectContaining({ message: 'property logo should not exist' }),
      );
    });

    it('replaces the logo: the new file is served, the old one is deleted', async () => {
      const organisation = await create({ name: 'Pied Piper', urlName: 'pied-piper' }, { content: PNG, name: 'old.png' });
      const oldId = logoIdOf(organisation);
      const response = await put(organisation.id, {}, { content: JPEG, name: 'new.jpg' }).expect(200);
      const updated = response.body as Organisation;
      const newId = logoIdOf(updated);
      expect(newId).toMatch(OBJECT_ID);
      expect(newId).not.toBe(oldId);
      expect((await publicFile(newId).expect(200)).headers['content-type']).toBe('image/jpeg');
      await publicFile(oldId).expect(404);
      expect(mediaFiles()).not.toContain(oldId);
    });

    it('answers 400 for invalid fields or logo, changing nothing and storing no file', async () => {
      const organisation = await create({ name: 'Stable', urlName: 'stable' }, { content: PNG, name: 's.png' });
      const files = mediaFiles();
      expectBadRequest((await put(organisation.id, { isPublic: 'yes' }).expect(400)).body, 'isPublic must be "true" or "false"');
      expectBadRequest((await put(organisation.id, { licenses: '12abc' }).expect(400)).body, 'licenses must be a non-negative integer');
      expectBadRequest((await put(organisation.id, { name: '' }).expect(400)).body, 'name should not be empty');
      expectBadRequest((await put(organisation.id, { id: UNKNOWN_UUID }).expect(400)).body, 'property id should not exist');
      expectBadRequest((await put(organisation.id, {}, { content: PDF, name: 'x.png' }).expect(400)).body, 'logo must be a png');
      expectBadRequest(
        (await put(organisation.id, {}, { content: Buffer.concat([PNG, Buffer.alloc(6 * MB)]), name: 'big.png' }).expect(400)).body,
        'logo must be at most 5 MB',
      );
      expect((await api().get(`/organisation/${organisation.id}`).set('Authorization', member).expect(200)).body).toEqual(organisation);
      expect(mediaFiles()).toEqual(files);
    });

    it("answers 409 for another organisation's name, changing nothing", async () => {
      await create({ name: 'Taken Name', urlName: 'taken-name' });
      const organisation = await create({ name: 'Mover', urlName: 'mover' });
      const response = await put(organisation.id, { name: 'taken name' }).expect(409);
      expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'An organisation with this name already exists' });
      expect((await put(organisation.id, { urlName: 'taken-name' }).expect(409)).body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'An organisation with this urlName already exists',
      });
      expect((await api().get(`/organisation/${organisation.id}`).set('Authorization', member).expect(200)).body).toEqual(organisation);
    });

    it('answers 404 for an unknown id, storing no logo', async () => {
      const files = mediaFiles();
      const response = await put(UNKNOWN_UUID, { name: 'Nobody' }, { content: PNG, name: 'n.png' }).expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Organisation not found' });
      expect(mediaFiles()).toEqual(files);
      expectBadRequest((await put('nope', { name: 'X' }).expect(400)).body, 'id');
    });
  });

  describe('DELETE', () => {
    it('deletes the organisation and its logo; then 404', async () => {
      const organisation = await create({ name: 'Doomed', urlName: 'doomed' }, { content: PNG, name: 'd.png' });
      const logoId = logoIdOf(organisation);
      expect((await api().delete(`/organisation/${organisation.id}`).set('Authorization', admin).expect(200)).body).toEqual({
        message: 'Organisation deleted',
      });
      await api().get(`/organisation/${organisation.id}`).set('Authorization', member).expect(404);
      await publicFile(logoId).expect(404);
      expect(mediaFiles()).not.toContain(logoId);
      expect((await api().delete(`/organisation/${organisation.id}`).set('Authorization', admin).expect(404)).body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Organisation not found',
      });
      // The names are free again.
      await create({ name: 'Doomed', urlName: 'doomed' });
    });

    it('answers 400 for a malformed id', async () => {
      expectBadRequest((await api().delete('/organisation/x').set('Authorization', admin).expect(400)).body, 'id');
    });
  });

  describe('access', () => {
    let target: Organisation;

    beforeAll(async () => {
      target = await create({ name: 'Access Target', urlName: 'access-target' });
    });

    it('forbids writes to non-administrators with 403, changing nothing', async () => {
      const before = await list();
      for (const attempt of [
        post({ name: 'Sneaky', urlName: 'sneaky' }, undefined, member),
        put(target.id, { name: 'Sneaky' }, undefined, member),
        api().delete(`/organisation/${target.id}`).set('Authorization', member),
      ]) {
        expect((await attempt.expect(403)).body).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'Administrator rights are required',
        });
      }
      expect(await list()).toEqual(before);
    });

    it('lets any account read and refuses persona tokens', async () => {
      await api().get(`/organisation/${target.id}`).set('Authorization', member).expect(200);
      const persona = `Bearer ${tokens.mint({ sub: UNKNOWN_UUID, kind: 'persona', emailAddress: 'p@example.test', personaId: UNKNOWN_UUID })}`;
      await api().get('/organisation').set('Authorization', persona).expect(403);
    });

    it.each([
      ['GET /organisation', () => api().get('/organisation')],
      ['GET /organisation/:id', () => api().get(`/organisation/${UNKNOWN_UUID}`)],
      ['POST /organisation', () => api().post('/organisation').field('name', 'Anon').field('urlName', 'anon')],
      ['PUT /organisation/:id', () => api().put(`/organisation/${UNKNOWN_UUID}`).field('name', 'Anon')],
      ['DELETE /organisation/:id', () => api().delete(`/organisation/${UNKNOWN_UUID}`)],
    ])('%s without a token is 401', async (_route, send) => {
      expect((await send().expect(401)).body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing Authorization header' });
    });
  });

  it('describes the routes in its OpenAPI document', async () => {
    const response = await api().get('/docs-json').expect(200);
    const paths = response.body.paths as Record<
      string,
      Record<string, { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> }>
    >;
    expect(Object.keys(paths['/organisation'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/organisation/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(paths['/organisation']?.['post']?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(paths['/organisation']?.['post']?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409']),
    );
  });

  describe('through the real gateway', () => {
    let gateway: TestGateway;

    beforeAll(async () => {
      gateway = await startTestGateway(ROOT, { organisation: service.port, media: media.port });
    });

    afterAll(async () => {
      await gateway?.stop();
    });

    it('an administrator creates an organisation with a logo; the logo URL is served without a token', async () => {
      const response = await multipart(
        request(gateway.url).post('/organisation/organisation').set('Authorization', admin),
        { name: 'Gateway Org', urlName: 'gateway-org', isPublic: 'true' },
        { content: PNG, name: 'gateway.png' },
      ).expect(200);
      const { organisation } = response.body as { organisation: Organisation };
      expect(organisation).toMatchObject({
        name: 'Gateway Org',
        urlName: 'gateway-org',
        isPublic: true,
        logo: expect.stringMatching(LOGO_URL),
      });
      const logoPath = new URL(organisation.logo ?? '').pathname;
      const logo = await request(gateway.url).get(logoPath).expect(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(logo.body).toEqual(PNG);
    });
  });
});
