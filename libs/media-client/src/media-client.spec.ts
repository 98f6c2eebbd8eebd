import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaClient, MediaClientError, publicMediaUrl } from './media-client';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

/** A stand-in media service that records what it was sent and answers what the test says. */
async function fakeMediaService(
  answer: (seen: Seen) => { status: number; body?: unknown },
): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks).toString('latin1'),
      };
      seen.push(entry);
      const { status, body } = answer(entry);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const FILE = {
  id: '665f1c2e9b1e8a3d4c5b6a79',
  mimeType: 'image/png',
  size: 3,
  originalName: 'a.png',
  sha256: 'f'.repeat(64),
  isPublic: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('MediaClient', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('uploads as multipart with the forwarded Authorization header and `public`', async () => {
    const fake = await fakeMediaService(() => ({ status: 201, body: FILE }));
    servers.push(fake.server);
    const client = new MediaClient({ baseUrl: `${fake.url}/` });
    const file = await client.upload({
      content: Buffer.from('abc'),
      originalName: 'a.png',
      isPublic: true,
      authorization: 'Bearer admin-token',
    });
    expect(file).toEqual(FILE);
    const [request] = fake.seen;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/media',
      authorization: 'Bearer admin-token',
      contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
    });
    expect(request?.body).toMatch(/name="public"\r\n\r\ntrue\r\n/);
    expect(request?.body).toMatch(/name="file"; filename="a.png"[\s\S]*\r\n\r\nabc\r\n/);
  });

  it('raises MediaClientError with the status and body of a refusal', async () => {
    const fake = await fakeMediaService(() => ({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Administrator rights are required' },
    }));
    servers.push(fake.server);
    const error = await new MediaClient({ baseUrl: fake.url })
      .upload({ content: Buffer.from('x'), originalName: 'x', isPublic: false, authorization: 'Bearer t' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaClientError);
    expect(error).toMatchObject({ status: 403, message: expect.stringContaining('Administrator rights are required') });
  });

  it('deletes, reporting false for a file already gone', async () => {
    const fake = await fakeMediaService((seen) =>
      seen.url === `/media/${FILE.id}` ? { status: 200, body: { message: 'File deleted' } } : { status: 404, body: {} },
    );
    servers.push(fake.server);
    const client = new MediaClient({ baseUrl: fake.url });
    await expect(client.delete(FILE.id, 'Bearer t')).resolves.toBe(true);
    await expect(client.delete('0'.repeat(24), 'Bearer t')).resolves.toBe(false);
    expect(fake.seen.map((seen) => [seen.method, seen.authorization])).toEqual([
      ['DELETE', 'Bearer t'],
      ['DELETE', 'Bearer t'],
    ]);
  });

  it('raises MediaClientError without a status when the service cannot be reached', async () => {
    const error = await new MediaClient({ baseUrl: 'http://127.0.0.1:1' }).delete(FILE.id, 'Bearer t').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaClientError);
    expect((error as MediaClientError).status).toBeUndefined();
  });

  it('builds public URLs on the gateway address', () => {
    expect(publicMediaUrl('https://teamfit.example/', FILE.id)).toBe(`https://teamfit.example/media/public/${FILE.id}`);
  });
});
