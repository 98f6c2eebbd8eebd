import { OCTET_STREAM, sniffMimeType } from './mime-sniffer';

const bytes = (...parts: Array<string | number[]>): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffMimeType', () => {
  it.each([
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['image/webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['application/pdf', bytes('%PDF-1.7\n')],
  ])('recognises %s', (expected, head) => {
    expect(sniffMimeType(head)).toBe(expected);
  });

  it.each([
    ['empty content', bytes()],
    ['text', bytes('hello, world')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['a RIFF file that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['an SVG (never served as an image: it can carry script)', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a PNG signature later in the file', bytes('x', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ])('answers application/octet-stream for %s', (_case, head) => {
    expect(sniffMimeType(head)).toBe(OCTET_STREAM);
  });
});
