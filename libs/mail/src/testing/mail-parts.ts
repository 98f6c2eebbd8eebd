import type { ReceivedMail } from './smtp-listener';

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Headers (names lower case, folded lines joined) and body of one MIME entity. */
function partOf(entity: string): Part {
  const split = entity.search(/\r?\n\r?\n/);
  const head = split < 0 ? entity : entity.slice(0, split);
  const body = split < 0 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** Every leaf part of a MIME entity, multiparts opened. */
function leavesOf(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  // The line break before a boundary belongs to the boundary, not to the part.
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leavesOf(partOf(section.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))));
}

/**
 * The decoded text of a delivered message's part of this type (`text/plain` or `text/html`), as
 * its reader sees it: quoted-printable and base64 undone, so a long link is whole again.
 */
export function mailPartText(mail: ReceivedMail, type: 'text/plain' | 'text/html'): string {
  const leaf = leavesOf(partOf(mail.raw)).find((part) => (part.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type));
  if (!leaf) throw new Error(`no ${type} part in the e-mail`);
  return decodeBody(leaf).replace(/\r\n/g, '\n');
}

/** A header of the delivered message, decoded only as far as it is plain text (e.g. `subject`). */
export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
  return partOf(mail.raw).headers.get(name.toLowerCase());
}
