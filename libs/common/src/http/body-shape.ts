import { BodyReadError } from './request-body';

/** Deeper bodies are refused: no request of the platform nests past a handful of levels. */
export const MAX_BODY_DEPTH = 32;
/**
 * Values a body may hold in all (objects, arrays and what they hold). The largest bodies of the
 * platform (a persona with full lists, a team of 1,000 members) hold a few tens of thousands at
 * most; every value costs each later step (class-transformer, class-validator, the API-call log)
 * work and memory, so a body of a megabyte of `{}` is refused here, before any of them runs.
 */
export const MAX_BODY_VALUES = 50_000;
/** Items one array may hold: ten times the largest list a request takes (1,000). */
export const MAX_ARRAY_ITEMS = 10_000;
/** Fields one object may hold: every object a request takes has a few dozen at most. */
export const MAX_OBJECT_FIELDS = 1_000;

/** The type of a BodyReadError whose message names what was refused (it is shown to the client). */
export const BODY_REFUSED = 'entity.refused';

const refused = (message: string) => new BodyReadError(400, BODY_REFUSED, message);

/** Field names go into the message: a long one is cut, so an answer never echoes a huge key. */
const shown = (key: string) => (key.length > 64 ? `${key.slice(0, 64)}…` : key);

/** A value still to look at: where it sits (its parent's entry and its key) and how deep. */
interface Pending {
  readonly value: unknown;
  readonly parent: Pending | undefined;
  readonly key: string | number;
  readonly depth: number;
}

/** The field's path (`user.tags[1]`), built only for a refusal's message. */
function pathOf(entry: Pending | undefined): string {
  const keys: Array<string | number> = [];
  for (let at = entry; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  let path = '';
  for (const key of keys.reverse()) path += typeof key === 'number' ? `[${key}]` : path === '' ? shown(key) : `.${shown(key)}`;
  return path;
}

/** The value's name in a message: its path, or "The body" for the body itself. */
function nameOf(entry: Pending): string {
  const path = pathOf(entry);
  return path === '' ? 'The body' : path;
}

/**
 * Refuses, before anything else reads it, a parsed body that later steps cannot take: nested
 * deeper than MAX_BODY_DEPTH (class-transformer recurses and would overflow the stack: a 500), or
 * holding a string with a NUL character (PostgreSQL refuses those in text: a 500). The walk is
 * iterative, so it is itself safe at any depth, and stops at the first problem, naming the field;
 * a body it accepts costs one small entry per value and no strings. It also refuses a body past
 * MAX_BODY_VALUES, an array past MAX_ARRAY_ITEMS and an object past MAX_OBJECT_FIELDS, so that
 * what the later steps do stays small whatever the body's shape.
 */
export function refuseUnacceptableBody(body: unknown): void {
  const pending: Pending[] = [{ value: body, parent: undefined, key: '', depth: 0 }];
  let values = 1;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw refused(`${nameOf(next)} contains a NUL character`);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) throw refused(`The body is nested deeper than ${MAX_BODY_DEPTH} levels`);
    if (Array.isArray(value)) {
      if (value.length > MAX_ARRAY_ITEMS) throw refused(`${nameOf(next)} holds more than ${MAX_ARRAY_ITEMS} items`);
      values += value.length;
      if (values > MAX_BODY_VALUES) throw refused(`The body holds more than ${MAX_BODY_VALUES} values`);
      for (let index = 0; index < value.length; index += 1)
        pending.push({ value: value[index] as unknown, parent: next, key: index, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(value);
    if (entries.length > MAX_OBJECT_FIELDS) throw refused(`${nameOf(next)} has more than ${MAX_OBJECT_FIELDS} fields`);
    values += entries.length;
    if (values > MAX_BODY_VALUES) throw refused(`The body holds more than ${MAX_BODY_VALUES} values`);
    for (const [key, item] of entries) {
      if (key.includes('\u0000')) {
        const path = pathOf(next);
        throw refused(`A field name ${path === '' ? 'of the body' : `in ${path}`} contains a NUL character`);
      }
      pending.push({ value: item, parent: next, key, depth: depth + 1 });
    }
  }
}
