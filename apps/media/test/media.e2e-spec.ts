import { OBJECT_ID } from '@teamfit/common';
import { ISO_TIMESTAMP } from '@teamfit/platform/testing';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { MediaTestKit, PNG, SHA256, sha256Of } from './media-test-kit';

interface MediaFile {
  id: string;
  mimeType: string;
  size: number;
  originalName: string;
  sha256: string;
  isPublic: boolean;
  createdAt: string;
}

const UNKNOWN_ID = '665f1c2e9b1e8a3d4c5b6a79';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 the rest of a jpeg')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 the rest of a webp')]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0])]);

describe('media service', () => {
  const kit = new MediaTestKit();
  const api = () => request(kit.url);
  const persona = () =>
    `Bearer ${kit.tokens.mint({ sub: '00000000-0000-4000-8000-000000000003', kind: 'persona', emailAddress: 'p@example.test', personaId: '00000000-0000-4000-8000-000000000004' })}`;

  const upload = async (
    content: Buffer,
    fileName: string,
    fields: Record<string, string> = {},
    contentType = 'application/octet-stream',
  ): Promise<MediaFile> => {
    const req = api().post('/media').set('Authorization', kit.admin);
    for (const [name, value] of Object.entries(fields)) void req.field(name, value);
    const response = await req.attach('file', content, { filename: fileName, contentType }).expect(201);
    return response.body as MediaFile;
  };

  const expectError = (body: unknown, statusCode: number, fragment?: string) => {
    expect(body).toEqual({ statusCode, error: expect.any(String), message: expect.any(String) });
    if (fragment) expect((body as { message: string }).message).toContain(fragment);
  };

  /** Nothing stored by a refused upload: no row, no file, no partial upload. */
  const expectNothingStored = async (before: { rows: string[]; files: string[] }) => {
    expect(await kit.tmpDrained()).toEqual([]);
    expect(await kit.rowIds()).toEqual(before.rows);
    expect(kit.storedFiles()).toEqual(before.files);
  };
  const snapshot = async () => ({ rows: await kit.rowIds(), files: kit.storedFiles() });

  beforeAll(() => kit.start());
  afterAll(() => kit.stop());

  describe('POST /media', () => {
    it('stores a file and answers 201 with its description; bytes on disk, row in PostgreSQL', async () => {
      const file = await upload(PNG, 'logo.png', { public: 'true' }, 'image/png');
      expect(file).toEqual({
        id: expect.stringMatching(OBJECT_ID),
        mimeType: 'image/png',
        size: PNG.length,
        originalName: 'logo.png',
        sha256: sha256Of(PNG),
        isPublic: true,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(file.sha256).toMatch(SHA256);
      expect(readFileSync(kit.filePath(file.id))).toEqual(PNG);
      expect(await kit.rowIds()).toContain(file.id);
      expect(kit.tmpFiles()).toEqual([]);
    });

    it("keeps the bytes private to the service's user: the file 0600, its folders 0700", async () => {
      const file = await upload(PNG, 'private.png', {}, 'image/png');
      const modeOf = (target: string) => statSync(target).mode & 0o777;
      expect({
        file: modeOf(kit.filePath(file.id)),
        files: modeOf(path.dirname(kit.filePath(file.id))),
        tmp: modeOf(path.join(path.dirname(kit.filePath(file.id)), '..', 'tmp')),
      }).toEqual({ file: 0o600, files: 0o700, tmp: 0o700 });
    });

    it('is private unless `public` is "true"', async () => {
      expect((await upload(PNG, 'a.png')).isPublic).toBe(false);
      expect((await upload(PNG, 'b.png', { public: 'false' })).isPublic).toBe(false);
    });

    it.each([
      ['image/png', PNG],
      ['image/jpeg', JPEG],
      ['image/webp', WEBP],
      ['image/gif', GIF],
      ['application/pdf', PDF],
      ['application/octet-stream', Buffer.from('just some text')],
      ['application/octet-stream', Buffer.alloc(0)],
    ])('takes the MIME type from the content (%s), never from the claim or the name', async (expected, content) => {
      const file = await upload(content, 'claimed.png', {}, 'image/png');
      expect(file.mimeType).toBe(expected);
      expect(file.size).toBe(content.length);
      const download = await api().get(`/media/${file.id}`).set('Authorization', kit.admin).buffer(true).parse(binary).expect(200);
      expect(download.headers['content-type']).toBe(expected);
      expect(download.body).toEqual(content);
    });

    it.each(['yes', 'TRUE', '1', ''])('rejects public=%j with 400 naming the field, storing nothing', async (value) => {
      const before = await snapshot();
      const response = await api()
        .post('/media')
        .set('Authorization', kit.admin)
        .field('public', value)
        .attach('file', PNG, 'x.png')
        .expect(400);
      expectError(response.body, 400, 'public must be one of the following values: true, false');
      await expectNothingStored(before);
    });

    it('rejects a request without a file with 400', async () => {
      const before = await snapshot();
      const response = await api().post('/media').set('Authorization', kit.admin).field('public', 'true').expect(400);
      expectError(response.body, 400, 'file is required');
      await expectNothingStored(before);
    });

    it('rejects a file under another field name with 400 naming it, storing nothing', async () => {
      const before = await snapshot();
      const response = await api().post('/media').set('Authorization', kit.admin).attach('upload', PNG, 'x.png').expect(400);
      expectError(response.body, 400, 'upload');
      await expectNothingStored(before);
    });

    it('rejects two files with 400, storing nothing', async () => {
      const before = await snapshot();
      const response = await api()
        .post('/media')
        .set('Authorization', kit.admin)
        .attach('file', PNG, 'x.png')
        .attach('file', PNG, 'y.png')
        .expect(400);
      expectError(response.body, 400);
      await expectNothingStored(before);
    });

    it('rejects unknown fields with 400 naming them, storing nothing', async () => {
      const before = await snapshot();
      const response = await api()
        .post('/media')
        .set('Authorization', kit.admin)
        .field('owner', 'me')
        .attach('file', PNG, 'x.png')
        .expect(400);
      expectError(response.body, 400, 'property owner should not exist');
      await expectNothingStored(before);
    });

    it('rejects a JSON body with 400 (no file)', async () => {
      const response = await api().post('/media').set('Authorization', kit.admin).send({ public: 'true' }).expect(400);
      expectError(response.body, 400, 'file is required');
    });

    it('is for administrators: 401 without a token, 403 for other accounts and personas, nothing stored', async () => {
      const before = await snapshot();
      expectError((await api().post('/media').attach('file', PNG, 'x.png').expect(401)).body, 401, 'Missing Authorization header');
      expectError(
        (await api().post('/media').set('Authorization', kit.member).attach('file', PNG, 'x.png').expect(403)).body,
        403,
        'Administrator rights are required',
      );
      expectError((await api().post('/media').set('Authorization', persona()).attach('file', PNG, 'x.png').expect(403)).body, 403);
      expectError(
        (await api().post('/media').set('Authorization', 'Bearer not.a.token').attach('file', PNG, 'x.png').expect(403)).body,
        403,
        'Invalid or expired token',
      );
      await expectNothingStored(before);
    });
  });

  describe('GET /media/:id', () => {
    let file: MediaFile;

    beforeAll(async () => {
      file = await upload(PNG, 'private.png');
    });

    it('streams a private file to administrators with type, length and the SHA-256 as ETag', async () => {
      const response = await api().get(`/media/${file.id}`).set('Authorization', kit.admin).buffer(true).parse(binary).expect(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-length']).toBe(String(PNG.length));
      expect(response.headers['etag']).toBe(`"${file.sha256}"`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toEqual(PNG);
    });

    it('refuses a private file to personas and non-admin accounts with 403, and sends no byte', async () => {
      for (const authorization of [kit.member, persona()]) {
        const response = await api().get(`/media/${file.id}`).set('Authorization', authorization).expect(403);
        expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Private files are for administrators' });
        expect(response.headers['etag']).not.toBe(`"${file.sha256}"`);
      }
    });

    it('streams a public file to any valid token', async () => {
      const shared = await upload(PNG, 'shared.png', { public: 'true' });
      for (const authorization of [kit.member, kit.admin, persona()]) {
        const response = await api().get(`/media/${shared.id}`).set('Authorization', authorization).buffer(true).parse(binary).expect(200);
        expect(response.body).toEqual(PNG);
      }
    });

    it('gives private files unguessable ids: no shared prefix, no counter between two uploads', async () => {
      const next = await upload(PNG, 'next.png');
      // An ObjectId starts with its creation second and ends with a counter: two uploads a moment
      // apart would share their first 8 hex digits and differ by one at the end.
      expect(next.id.slice(0, 8)).not.toBe(file.id.slice(0, 8));
      expect(Number.parseInt(next.id.slice(-6), 16) - Number.parseInt(file.id.slice(-6), 16)).not.toBe(1);
    });

    it('answers 304 without a body when the client holds the current copy', async () => {
      const response = await api()
        .get(`/media/${file.id}`)
        .set('Authorization', kit.admin)
        .set('If-None-Match', `"${file.sha256}"`)
        .expect(304);
      expect(response.text).toBe('');
      expect(response.headers['etag']).toBe(`"${file.sha256}"`);
      await api()
        .get(`/media/${file.id}`)
        .set('Authorization', kit.admin)
        .set('If-None-Match', `"${'0'.repeat(64)}"`)
        .expect(200);
    });

    it('answers 401 without a token and 403 for a bad one', async () => {
      expectError((await api().get(`/media/${file.id}`).expect(401)).body, 401);
      expectError((await api().get(`/media/${file.id}`).set('Authorization', 'Bearer forged').expect(403)).body, 403);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await api().get(`/media/${UNKNOWN_ID}`).set('Authorization', kit.member).expect(404)).body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'File not found',
      });
      expectError(
        (await api().get('/media/not-an-id').set('Authorization', kit.member).expect(400)).body,
        400,
        'id must be a 24-character hexadecimal ObjectId',
      );
      expectError((await api().get(`/media/${UNKNOWN_ID.toUpperCase()}`).set('Authorization', kit.member).expect(400)).body, 400, 'id');
    });
  });

  describe('GET /public/:id', () => {
    it('serves a public file without a token, cacheable for a year', async () => {
      const file = await upload(PNG, 'public.png', { public: 'true' });
      const response = await api().get(`/public/${file.id}`).buffer(true).parse(binary).expect(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-length']).toBe(String(PNG.length));
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['etag']).toBe(`"${file.sha256}"`);
      expect(response.body).toEqual(PNG);
    });

    it('answers 404 for a private file, even with a token, and for an unknown id', async () => {
      const file = await upload(PNG, 'hidden.png', { public: 'false' });
      expect((await api().get(`/public/${file.id}`).expect(404)).body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'File not found',
      });
      await api().get(`/public/${file.id}`).set('Authorization', kit.admin).expect(404);
      await api().get(`/public/${UNKNOWN_ID}`).expect(404);
      expectError((await api().get('/public/..%2f..%2fetc%2fpasswd').expect(400)).body, 400, 'id');
    });
  });

  describe('DELETE /media/:id', () => {
    it('deletes row and bytes for an administrator; then 404', async () => {
      const file = await upload(PNG, 'gone.png', { public: 'true' });
      expect((await api().delete(`/media/${file.id}`).set('Authorization', kit.admin).expect(200)).body).toEqual({
        message: 'File deleted',
      });
      expect(await kit.rowIds()).not.toContain(file.id);
      expect(kit.storedFiles()).not.toContain(file.id);
      await api().get(`/media/${file.id}`).set('Authorization', kit.member).expect(404);
      await api().get(`/public/${file.id}`).expect(404);
      await api().delete(`/media/${file.id}`).set('Authorization', kit.admin).expect(404);
    });

    it('is for administrators: 401 and 403 leave the file', async () => {
      const file = await upload(PNG, 'kept.png');
      await api().delete(`/media/${file.id}`).expect(401);
      await api().delete(`/media/${file.id}`).set('Authorization', kit.member).expect(403);
      expect(kit.storedFiles()).toContain(file.id);
      await api().get(`/media/${file.id}`).set('Authorization', kit.admin).expect(200);
    });

    it('answers 400 for a malformed id', async () => {
      expectError((await api().delete('/media/123').set('Authorization', kit.admin).expect(400)).body, 400, 'id');
    });
  });

  it('describes its routes in OpenAPI', async () => {
    const response = await api().get('/docs-json').expect(200);
    const paths = response.body.paths as Record<
      string,
      Record<string, { responses: Record<string, unknown>; requestBody?: { content: Record<string, unknown> } }>
    >;
    expect(Object.keys(paths['/media'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/media/{id}'] ?? {}).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(paths['/public/{id}'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/media']?.['post']?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(paths['/media']?.['post']?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '403', '413']));
  });
});

/** supertest parser that keeps any body as a Buffer. */
function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const stream = response as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}
