// The Postman collection of the whole platform, converted from its OpenAPI document by
// openapi-to-postmanv2. The output is made reproducible (the same document always gives the same
// bytes) so that the committed collection can be checked for drift like the migrations.
import { createHash } from 'node:crypto';
import { convertV2 } from 'openapi-to-postmanv2';
import faker from 'openapi-to-postmanv2/assets/json-schema-faker.js';

/** The gateway `npm start` runs; an environment file (postman/*.postman_environment.json) overrides it. */
export const DEFAULT_BASE_URL = 'http://localhost:8080';

export interface PostmanItem {
  id?: string;
  name?: string;
  item?: PostmanItem[];
  request?: { method?: string; url?: { path?: string[] } };
  response?: Array<{ id?: string; name?: string; code?: number }>;
  [key: string]: unknown;
}

export interface PostmanCollection {
  info: { _postman_id?: string; name: string; description?: unknown; [key: string]: unknown };
  item: PostmanItem[];
  variable?: Array<{ key: string; value: string; type?: string }>;
  [key: string]: unknown;
}

const DESCRIPTION = [
  'Every operation of the Teamfit platform as the gateway exposes it, generated from the platform OpenAPI document',
  '(npm run postman:generate; do not edit by hand).',
  '',
  'Pick an environment (postman/local.postman_environment.json for npm start, postman/compose.postman_environment.json',
  'for docker compose), then sign in with the "Sign in as the administrator" folder of postman/teamfit-flow.postman_collection.json:',
  'it stores the access token in the environment as bearerToken, which every request here sends. The greenhouse folder',
  "takes HTTP Basic instead: an organisation's partner API key (POST /organisation/organisations/{id}/api-keys) as",
  'basicAuthUsername, basicAuthPassword left empty (docs/integrations.md, "Greenhouse").',
  '',
  "The gateway's rate limits apply per client address: sign-in calls (/auth, the persona sign-in steps) 5 a minute with a",
  'burst of 10, every other prefix 10 a second with a burst of 20, the API pages their own 10 a second. A 429 carries',
  'Retry-After (seconds): this collection waits that long and sends the same request again, up to 3 times, so a',
  'run of every request ends with the answers, not a wall of 429s (sign-in calls make such a run slow: 12 s each past the burst).',
].join('\n');

/** How often one request is sent again after a 429 before its 429 stands. */
export const RATE_LIMIT_RETRIES = 3;

/**
 * Runs after every request: on the gateway's 429, wait Retry-After seconds and send the same
 * request again (Postman's runner and newman both honour setNextRequest and wait for the timer).
 */
const RETRY_ON_429 = [
  'if (pm.response.code === 429) {',
  "  const key = 'retries:' + pm.info.requestId;",
  "  const done = Number(pm.variables.get(key) || '0');",
  `  if (done < ${RATE_LIMIT_RETRIES}) {`,
  '    pm.variables.set(key, String(done + 1));',
  "    const seconds = Math.min(Number(pm.response.headers.get('Retry-After')) || 1, 60);",
  '    postman.setNextRequest(pm.info.requestId);',
  '    setTimeout(function () {}, seconds * 1000);',
  '  }',
  '} else {',
  "  pm.variables.unset('retries:' + pm.info.requestId);",
  '}',
];

/**
 * mulberry32: a tiny seeded generator. The converter fakes example values (ids, e-mails, enum
 * picks) with json-schema-faker, which draws from Math.random unless given a generator.
 */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A UUID-shaped id derived from a stable key, so ids survive regeneration (and Postman's bookmarks with them). */
export function stableId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface Conversion {
  collection: PostmanCollection;
  /** What the converter wrote to the console, each distinct line once with how often it came. */
  notes: string[];
}

function convert(document: object): Promise<Conversion> {
  // Reset for every conversion: the faked values depend only on the document.
  faker.option({ random: seededRandom(0x7ea3f17) });
  // Dates would be drawn around the current time; fixed readable values instead.
  faker.format('date-time', () => '2025-01-31T09:00:00.000Z');
  faker.format('date', () => '2025-01-31');
  faker.format('email', () => 'ada@example.com');
  faker.format('uri', () => 'https://example.com/');
  // The converter prints a stack trace for every allOf it cannot merge (a description beside a
  // $ref) and goes on with the referenced schema; one counted line each is enough.
  const counts = new Map<string, number>();
  const consoleWarn = console.warn;
  console.warn = (...parts: unknown[]) => {
    const line = parts.map((part) => (part instanceof Error ? part.message : String(part))).join(' ').replace(/\s+/g, ' ').trim();
    counts.set(line, (counts.get(line) ?? 0) + 1);
  };
  return new Promise<PostmanCollection>((resolve, reject) => {
    convertV2({ type: 'json', data: document }, { folderStrategy: 'Tags', parametersResolution: 'Example', requestNameSource: 'Fallback' }, (error, result) => {
      const collection = result?.output?.[0]?.data;
      if (error || !result?.result || !collection) reject(new Error(`openapi-to-postmanv2: ${error?.message ?? result?.reason ?? 'no collection produced'}`));
      else resolve(collection as PostmanCollection);
    });
  })
    .then((collection) => ({ collection, notes: [...counts].map(([line, count]) => `${line} (${count}×)`) }))
    .finally(() => {
      console.warn = consoleWarn;
    });
}

/** Replaces the converter's random ids by ids derived from each item's place (folder, method and path). */
function stabiliseIds(items: PostmanItem[], parentKey: string): void {
  const seen = new Map<string, number>();
  for (const item of items) {
    const own = item.request ? `${item.request.method ?? ''} /${(item.request.url?.path ?? []).join('/')}` : `folder ${item.name ?? ''}`;
    const count = seen.get(own) ?? 0;
    seen.set(own, count + 1);
    const key = `${parentKey}/${own}#${count}`;
    item.id = stableId(key);
    item.response?.forEach((response, index) => {
      response.id = stableId(`${key}/response ${response.code ?? ''} ${response.name ?? ''}#${index}`);
    });
    if (item.item) stabiliseIds(item.item, key);
  }
}

export async function platformCollection(document: object): Promise<Conversion> {
  const { collection, notes } = await convert(document);
  collection.info._postman_id = stableId(`collection ${collection.info.name}`);
  collection.info.description = { content: DESCRIPTION, type: 'text/plain' };
  collection.variable = [{ key: 'baseUrl', value: DEFAULT_BASE_URL, type: 'string' }];
  collection.event = [{ listen: 'test', script: { type: 'text/javascript', exec: RETRY_ON_429 } }];
  stabiliseIds(collection.item, '');
  return { collection, notes };
}

export const serialiseCollection = (collection: PostmanCollection): string => `${JSON.stringify(collection, null, 2)}\n`;
