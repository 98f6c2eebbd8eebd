import { setTimeout as sleep } from 'node:timers/promises';
import { MB, MediaTestKit, OBJECT_ID, streamDownload, streamUpload } from './media-test-kit';

/** The media service's body limit (SERVICES.media.bodyLimitMb). */
const LIMIT = 100 * MB;
const PDF_HEAD = Buffer.from('%PDF-1.7\n');

/** Samples this process's RSS (service and client both run here) while `work` runs. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

describe('media service: large and interrupted uploads', () => {
  const kit = new MediaTestKit();

  beforeAll(() => kit.start());
  afterAll(() => kit.stop());

  it('stores 100 MB streamed to disk and streams it back with the same SHA-256, in bounded memory', async () => {
    const { result: uploaded, growth: uploadGrowth } = await peakRssGrowth(() => streamUpload(kit.url, kit.admin, { size: LIMIT, head: PDF_HEAD, fileName: 'big.pdf' }));
    expect(uploaded.status).toBe(201);
    const file = JSON.parse(uploaded.body) as { id: string; size: number; sha256: string; mimeType: string; originalName: string };
    expect(file).toMatchObject({ id: expect.stringMatching(OBJECT_ID), size: LIMIT, sha256: uploaded.sha256, mimeType: 'application/pdf', originalName: 'big.pdf' });
    // Neither the service nor this client held the 100 MB: far less than the file.
    expect(uploadGrowth).toBeLessThan(40 * MB);

    const { result: downloaded, growth: downloadGrowth } = await peakRssGrowth(() => streamDownload(`${kit.url}/media/${file.id}`, kit.admin));
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-length']).toBe(String(LIMIT));
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['etag']).toBe(`"${uploaded.sha256}"`);
    expect(downloaded.size).toBe(LIMIT);
    expect(downloaded.sha256).toBe(uploaded.sha256);
    expect(downloadGrowth).toBeLessThan(40 * MB);
    expect(kit.tmpFiles()).toEqual([]);
  });

  it('refuses a file one byte over 100 MB with 413, leaving no row and no file', async () => {
    const before = { rows: await kit.rowIds(), files: kit.storedFiles() };
    const response = await streamUpload(kit.url, kit.admin, { size: LIMIT + 1 });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ statusCode: 413, error: 'Payload Too Large', message: expect.any(String) });
    expect(await kit.tmpDrained()).toEqual([]);
    expect(await kit.rowIds()).toEqual(before.rows);
    expect(kit.storedFiles()).toEqual(before.files);
  });

  it('leaves no row and no file when the client goes away halfway', async () => {
    const before = { rows: await kit.rowIds(), files: kit.storedFiles() };
    await streamUpload(kit.url, kit.admin, {
      size: 20 * MB,
      abortAfter: 10 * MB,
      // Cut only once the service is demonstrably writing the partial file.
      beforeAbort: async () => {
        const deadline = Date.now() + 5_000;
        while (kit.tmpFiles().length === 0 && Date.now() < deadline) await sleep(5);
        expect(kit.tmpFiles()).toHaveLength(1);
      },
    });
    expect(await kit.tmpDrained()).toEqual([]);
    // Give a (wrong) late insert every chance to happen before looking.
    await sleep(200);
    expect(await kit.rowIds()).toEqual(before.rows);
    expect(kit.storedFiles()).toEqual(before.files);
    // The service is still fine.
    const after = await streamUpload(kit.url, kit.admin, { size: 1024 });
    expect(after.status).toBe(201);
  });
});
