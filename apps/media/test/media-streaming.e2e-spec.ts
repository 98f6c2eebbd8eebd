import { OBJECT_ID } from '@teamfit/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { peakRssGrowth } from '../../../tools/testing/service-process.fixture';
import { MB, MediaTestKit, streamDownload, streamUpload } from './media-test-kit';

/** The media service's body limit (SERVICES.media.bodyLimitMb). */
const LIMIT = 100 * MB;
const PDF_HEAD = Buffer.from('%PDF-1.7\n');
/** Far less than the file: holding it whole, even once, passes this by 60 MB. */
const BOUNDED = 40 * MB;

/**
 * The service runs in a process of its own, as `npm start` runs it: its memory is measured alone,
 * not mixed with this test worker's (whose heap depends on which test files ran in it before).
 */
describe('media service: large and interrupted uploads', () => {
  const kit = new MediaTestKit();
  const pid = () => kit.process?.pid ?? 0;

  beforeAll(async () => {
    await kit.start({ inProcess: false });
    // One small round trip first: what the first request loads once is not what a stream costs.
    const warmUp = await streamUpload(kit.url, kit.admin, { size: MB, head: PDF_HEAD, fileName: 'warm-up.pdf' });
    expect(warmUp.status).toBe(201);
    expect((await streamDownload(`${kit.url}/media/${(JSON.parse(warmUp.body) as { id: string }).id}`, kit.admin)).size).toBe(MB);
  });
  afterAll(() => kit.stop());

  it('stores 100 MB streamed to disk and streams it back with the same SHA-256, in bounded memory', async () => {
    const { result: uploaded, growth: uploadGrowth } = await peakRssGrowth(pid(), () =>
      streamUpload(kit.url, kit.admin, { size: LIMIT, head: PDF_HEAD, fileName: 'big.pdf' }),
    );
    expect(uploaded.status).toBe(201);
    const file = JSON.parse(uploaded.body) as { id: string; size: number; sha256: string; mimeType: string; originalName: string };
    expect(file).toMatchObject({
      id: expect.stringMatching(OBJECT_ID),
      size: LIMIT,
      sha256: uploaded.sha256,
      mimeType: 'application/pdf',
      originalName: 'big.pdf',
    });
    // The service did not hold the 100 MB (the client here streams by construction).
    expect(uploadGrowth).toBeLessThan(BOUNDED);

    const { result: downloaded, growth: downloadGrowth } = await peakRssGrowth(pid(), () =>
      streamDownload(`${kit.url}/media/${file.id}`, kit.admin),
    );
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-length']).toBe(String(LIMIT));
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['etag']).toBe(`"${uploaded.sha256}"`);
    expect(downloaded.size).toBe(LIMIT);
    expect(downloaded.sha256).toBe(uploaded.sha256);
    expect(downloadGrowth).toBeLessThan(BOUNDED);
    if (process.env['SHOW_MEMORY'])
      process.stdout.write(
        `media streaming: service peak RSS growth ${(uploadGrowth / MB).toFixed(1)} MB up, ${(downloadGrowth / MB).toFixed(1)} MB down\n`,
      );
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
    // The service is still fine; and once it has stored a later upload whole, a (wrong) late
    // insert of the cut one has had its chance: only the later one is there.
    const after = await streamUpload(kit.url, kit.admin, { size: 1024 });
    expect(after.status).toBe(201);
    const { id } = JSON.parse(after.body) as { id: string };
    expect(await kit.rowIds()).toEqual([...before.rows, id].sort());
    expect(kit.storedFiles()).toEqual([...before.files, id].sort());
  });
});
