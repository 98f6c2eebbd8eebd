/**
 * The MIME type of a file from its first bytes (its "magic number"), never from the client's
 * claim or the file name. Only the types the platform serves as such are recognised; anything else
 * is `application/octet-stream`, which browsers download rather than render.
 * (The `file-type` package needs Node 22; these five signatures are all the platform needs.)
 */
export const OCTET_STREAM = 'application/octet-stream';

/** How many leading bytes `sniffMimeType` needs to decide. */
export const SNIFF_BYTES = 16;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = [...Buffer.from('GIF87a')];
const GIF89A = [...Buffer.from('GIF89a')];
const PDF = [...Buffer.from('%PDF-')];
const RIFF = [...Buffer.from('RIFF')];
const WEBP = [...Buffer.from('WEBP')];

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

export function sniffMimeType(head: Uint8Array): string {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, GIF87A) || startsWith(head, GIF89A)) return 'image/gif';
  // RIFF container: "RIFF", 4 bytes of length, then the form type "WEBP".
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  if (startsWith(head, PDF)) return 'application/pdf';
  return OCTET_STREAM;
}
