import { BodyReadError } from './request-body';

/** Deeper bodies are refused: no request of the platform nests past a handful of levels. */
export const MAX_BODY_DEPTH = 32;

/** The type of a BodyReadError whose message names what was refused (it is shown to the client). */
export const BODY_REFUSED = 'entity.refused';

const refused = (message: string) => new BodyReadError(400, BODY_REFUSED, message);

/** Field names go into the message: a long one is cut, so an answer never echoes a huge key. */
const shown = (key: string) => (key.length > 64 ? `${key.slice(0, 64)}…` : key);

/**
 * Refuses, before anything else reads it, a parsed body that later steps cannot take: nested
 * deeper than MAX_BODY_DEPTH (class-transformer recurses and would overflow the stack: a 500), or
 * holding a string with a NUL character (PostgreSQL refuses those in text: a 500). The walk is
 * iterative, so it is itself safe at any depth, and stops at the first problem, naming the field.
 */
export function refuseUnacceptableBody(body: unknown): void {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw refused(`${path === '' ? 'The body' : path} contains a NUL character`);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) throw refused(`The body is nested deeper than ${MAX_BODY_DEPTH} levels`);
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}[${index}]`, depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) throw refused(`A field name ${path === '' ? 'of the body' : `in ${path}`} contains a NUL character`);
      pending.push({ value: item, path: path === '' ? shown(key) : `${path}.${shown(key)}`, depth: depth + 1 });
    }
  }
}
