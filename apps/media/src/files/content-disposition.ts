/** Types a browser shows as a picture and nothing more; everything else may carry active content. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * The Content-Disposition of a download, or undefined to leave it inline. Only public images
 * (organisation logos, shown by <img>) are inline. Every other file, in particular a private one
 * such as a service-request attachment, is `attachment`: opened from a link it is saved, never
 * rendered on the API's origin (a PDF viewer runs script), and it keeps its uploaded name.
 */
export function contentDispositionOf(file: { mimeType: string; isPublic: boolean; originalName: string }): string | undefined {
  if (file.isPublic && IMAGE_TYPES.has(file.mimeType)) return undefined;
  return attachmentHeader(file.originalName);
}

/**
 * RFC 6266: `filename` is a quoted ASCII fallback for old clients, `filename*` (RFC 8187) the
 * exact UTF-8 name. Control characters, quotes, backslashes and path separators never reach
 * either form unescaped, so a file name cannot add a header or a directory.
 */
export function attachmentHeader(originalName: string): string {
  const name = baseName(originalName);
  if (name === '') return 'attachment';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (fallback === name) return `attachment; filename="${name}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/** The last path segment, without control characters: the name a browser would save under. */
function baseName(originalName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = originalName.replace(/[\u0000-\u001f\u007f]/g, '');
  return (cleaned.split(/[/\\]/).pop() ?? '').trim();
}

/** Percent-encodes all but RFC 8187's attr-char set. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
