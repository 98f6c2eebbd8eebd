import { PassThrough } from 'node:stream';
import { discardBody } from './request-body';

describe('discardBody', () => {
  it('reads a refused body to its end, keeping none of it', async () => {
    const payload = new PassThrough();
    const discarded = discardBody(payload, {}, 1024);
    for (let index = 0; index < 8; index += 1) payload.write(Buffer.alloc(100));
    payload.end();
    await discarded;
    expect(payload.readableEnded).toBe(true);
    expect(payload.readableLength).toBe(0);
  });

  it('stops reading past the limit, and does not start when Content-Length is already past it', async () => {
    const payload = new PassThrough();
    const discarded = discardBody(payload, {}, 150);
    payload.write(Buffer.alloc(100));
    payload.write(Buffer.alloc(100));
    await discarded;
    expect(payload.readableEnded).toBe(false);
    const announced = new PassThrough();
    await discardBody(announced, { 'content-length': '151' }, 150);
    expect(announced.readableFlowing).toBeNull();
  });
});
