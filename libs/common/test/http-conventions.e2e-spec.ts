import { Body, Controller, Get, Module, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileUploadInterceptor, type ServiceConfig } from '@teamfit/common';
import { createTestDatabase, type TestDatabase } from '@teamfit/database/testing';
import { serviceModule } from '@teamfit/platform';
import { type RunningTestService, startTestService, TestTokens } from '@teamfit/platform/testing';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import request from 'supertest';

/** What a route was given, to see how bodies and paths reach it. */
@Controller('echo')
class EchoController {
  @Post()
  body(@Body() body: unknown): { body: unknown } {
    return { body: body ?? null };
  }

  @Get('items/:itemId')
  item(@Param('itemId') itemId: string): { itemId: string } {
    return { itemId };
  }

  @Post('upload')
  @UseInterceptors(FileUploadInterceptor('file', { limits: { fileSize: 16, files: 1, fields: 1, parts: 2 } }))
  upload(
    @UploadedFile() file: { originalname: string; size: number; buffer: Buffer } | undefined,
    @Body() fields: Record<string, unknown>,
  ) {
    return { name: file?.originalname ?? null, size: file?.size ?? null, content: file?.buffer.toString() ?? null, fields: { ...fields } };
  }
}

@Module({})
class EchoServiceModule {}
const echoService = (config: ServiceConfig) => serviceModule(config, EchoServiceModule, { controllers: [EchoController] });

describe('HTTP conventions every service keeps', () => {
  const tokens = new TestTokens();
  const admin = `Bearer ${tokens.admin()}`;
  let database: TestDatabase;
  let service: RunningTestService;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The auth service's body limit (50 MB) is the one under test here.
    service = await startTestService('auth', echoService, { databaseUrl: database.url, keys: tokens.keys, env: { REQUEST_LOG: 'off' } });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  const api = () => request(service.url);

  /** A POST with the bytes exactly as given (supertest would serialise a Buffer sent as JSON). */
  const rawPost = (path: string, headers: Record<string, string>, chunks: Buffer[]): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const outgoing = http.request(
        { host: '127.0.0.1', port: service.port, method: 'POST', path, headers: { authorization: admin, ...headers } },
        (response) => {
          const received: Buffer[] = [];
          response.on('data', (chunk: Buffer) => received.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(received).toString()) as unknown }),
          );
        },
      );
      outgoing.on('error', reject);
      for (const chunk of chunks) outgoing.write(chunk);
      outgoing.end();
    });

  it('matches routes whatever the case of the path and with a trailing slash; parameters keep their case', async () => {
    for (const path of ['/health', '/HEALTH', '/Health/', '/health/']) {
      expect((await api().get(path).expect(200)).body).toEqual({ status: 'ok' });
    }
    expect((await api().get('/ECHO/Items/AbC/').set('Authorization', admin).expect(200)).body).toEqual({ itemId: 'AbC' });
  });

  it('answers an unknown route 404 in the platform body, and a path that is not valid percent-encoding 400', async () => {
    expect((await api().get('/nowhere?a=1').expect(404)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Cannot GET /nowhere?a=1',
    });
    expect((await api().get('/echo/items/%zz').set('Authorization', admin).expect(400)).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "Failed to decode param '%zz'",
    });
  });

  it('gives JSON answers a weak ETag and answers a matching If-None-Match with 304', async () => {
    const first = await api().get('/health').expect(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['etag']).toMatch(/^W\/"f-[A-Za-z0-9+/]{27}"$/);
    const again = await api().get('/health').set('If-None-Match', String(first.headers['etag'])).expect(304);
    expect(again.text).toBe('');
    expect(again.headers['content-length']).toBeUndefined();
  });

  it('refuses malformed JSON, and JSON that is not an object or array, with 400 before the guard', async () => {
    const refused = { statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON' };
    expect((await api().post('/echo').set('Content-Type', 'application/json').send('{"a":').expect(400)).body).toEqual(refused);
    expect((await api().post('/echo').set('Content-Type', 'application/json').send('"text"').expect(400)).body).toEqual(refused);
    expect((await api().post('/nowhere').set('Content-Type', 'application/json').send('{').expect(400)).body).toEqual(refused);
  });

  it('refuses JSON nested thousands deep, and strings with a NUL character, with 400 naming the field', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const tooDeep = { statusCode: 400, error: 'Bad Request', message: 'The body is nested deeper than 32 levels' };
    expect(
      (await api().post('/echo').set('Authorization', admin).set('Content-Type', 'application/json').send(deep).expect(400)).body,
    ).toEqual(tooDeep);
    expect((await api().post('/nowhere').set('Content-Type', 'application/json').send(deep).expect(400)).body).toEqual(tooDeep);
    const nul = await api()
      .post('/echo')
      .set('Authorization', admin)
      .set('Content-Type', 'application/json')
      .send('{"user":{"firstName":"A\\u0000da"}}')
      .expect(400);
    expect(nul.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'user.firstName contains a NUL character' });
    const form = await api().post('/echo').set('Authorization', admin).type('form').send('name=a%00b').expect(400);
    expect(form.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'name contains a NUL character' });
  });

  it('reads JSON (empty, gzip), urlencoded forms with nested keys, and leaves other types unread', async () => {
    const post = () => api().post('/echo').set('Authorization', admin);
    expect((await post().set('Content-Type', 'application/json').send('').expect(201)).body).toEqual({ body: {} });
    const gzipped = gzipSync('{"a":1}');
    expect(
      await rawPost('/echo', { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gzipped.length) }, [
        gzipped,
      ]),
    ).toEqual({
      status: 201,
      body: { body: { a: 1 } },
    });
    expect((await post().type('form').send('a=1&b[c]=2').expect(201)).body).toEqual({ body: { a: '1', b: { c: '2' } } });
    expect((await post().set('Content-Type', 'text/plain').send('hello').expect(201)).body).toEqual({ body: null });
  });

  it('refuses a charset or content encoding it cannot read with 415', async () => {
    const unsupported = { statusCode: 415, error: 'Unsupported Media Type', message: 'The request body encoding is not supported' };
    const post = () => api().post('/echo').set('Authorization', admin);
    expect((await post().set('Content-Type', 'application/json; charset=latin1').send('{}').expect(415)).body).toEqual(unsupported);
    expect((await post().set('Content-Type', 'application/json').set('Content-Encoding', 'compress').send('{}').expect(415)).body).toEqual(
      unsupported,
    );
  });

  it('answers a body over the service limit 413 in the platform body, on known and unknown routes', async () => {
    const limit = 50 * 1024 * 1024;
    const body = { statusCode: 413, error: 'Payload Too Large', message: 'The request body is too large' };
    const json = { 'content-type': 'application/json' };
    // Declared too large: refused from the header. Sent in chunks without a length: refused once past the limit.
    const declared = Buffer.alloc(limit + 1, 0x20);
    expect(await rawPost('/echo', { ...json, 'content-length': String(declared.length) }, [declared])).toEqual({ status: 413, body });
    expect(await rawPost('/nowhere', { ...json, 'content-length': String(declared.length) }, [declared])).toEqual({ status: 413, body });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    expect(
      await rawPost(
        '/echo',
        { ...json, 'transfer-encoding': 'chunked' },
        Array.from({ length: 51 }, () => chunk),
      ),
    ).toEqual({ status: 413, body });
  });

  it('streams multipart uploads through multer with its limits: 413 over the file size, 400 past the part limits', async () => {
    const upload = () => api().post('/echo/upload').set('Authorization', admin);
    expect((await upload().field('note', 'hi').attach('file', Buffer.from('sixteen bytes!!!'), 'a.txt').expect(201)).body).toEqual({
      name: 'a.txt',
      size: 16,
      content: 'sixteen bytes!!!',
      fields: { note: 'hi' },
    });
    expect((await upload().attach('file', Buffer.alloc(17), 'big.bin').expect(413)).body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File too large',
    });
    expect((await upload().attach('other', Buffer.from('x'), 'a.txt').expect(400)).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Unexpected file field - other',
    });
    expect((await upload().field('a', '1').field('b', '2').expect(400)).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Too many fields',
    });
    const broken = await upload()
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1')
      .expect(400);
    expect(broken.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Multipart: Unexpected end of form' });
  });
});
