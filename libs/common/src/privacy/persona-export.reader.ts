import type { ReadSnapshot } from '@teamfit/database';
import type { ApiCallEntry } from '../request-log/api-call-entry';
import { OtherPeopleRedaction } from './other-people';

/** What identifies a persona in the API-call log: its id and its e-mail addresses. */
export interface LoggedIdentity {
  personaId: string;
  emailAddresses: readonly string[];
}

/**
 * Who made an exported call, as far as the persona may know: itself (its own access token), or an
 * administrator or another account of the organisation, never which one.
 */
export type ExportedCaller = 'self' | 'administrator' | 'account';

/**
 * An API-call log entry as an export shows it. The persona's own calls are as they were written
 * (secrets were redacted before they were stored). Calls by others lose whatever identifies their
 * caller or a third person: no address, no headers (User-Agent, forwarded addresses), and every id
 * and address in the URL, parameters, query and body that is not the persona's own is replaced.
 */
export type ExportedApiCallRow = Omit<ApiCallEntry, 'callerKind' | 'callerId'> & { caller: ExportedCaller };

type StoredCallRow = Omit<ExportedApiCallRow, 'caller'> & { callerKind: 'persona' | 'account' | 'administrator' };

/** `%value%` for ILIKE, the value's own `%`, `_` and `\` standing for themselves. */
const containing = (value: string): string => `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** An entry's path, parameters, query and body as one text. */
const HAYSTACK = `replace(concat_ws(E'\\n', url, params::text, query::text, body::text), '\\u0040', '@')`;

/** Every character but letters and digits escaped: the text stands for itself in a regular expression. */
const literal = (text: string): string => text.replace(/[^A-Za-z0-9]/g, (character) => `\\${character}`);

/**
 * One case-insensitive PostgreSQL regular expression that finds any of the identity's values as a
 * whole: an id not inside a longer run of id characters, an address not inside a longer address
 * (`ada@example.test` is not found in `grada@example.test` nor in `ada@example.test.uk`), so no
 * other person's calls are taken for the persona's.
 */
export function identityPattern(identity: LoggedIdentity): string {
  const id = `(?<![0-9a-z-])${literal(identity.personaId)}(?![0-9a-z-])`;
  const addresses = identity.emailAddresses.map(
    (address) => `(?<![a-z0-9.!#$%&'*+/=?^_\`{|}~-])${literal(address)}(?![a-z0-9_-]|\\.[a-z0-9])`,
  );
  return [id, ...addresses].join('|');
}

/**
 * The API-call log's read module for a persona's export (the profile service answers it): the
 * calls the persona made with its own access token, and the calls accounts made (administrators
 * or not) whose path, parameters, query or stored body carry the persona's id or one of its e-mail
 * addresses. Calls without a verified access token (unauthenticated, refused by the guard, a
 * sign-in step) are left out: anyone can name an id in a URL, so they say nothing the persona did
 * or had done to it, and their caller may be anyone. Calls by other personas are left out too: a
 * persona's token reaches no other persona's records, so they are that persona's, not this one's
 * (docs/adr/0068-api-call-log-records-its-caller.md). Nothing indexes what entries say: the search
 * reads the whole log of 400 days, which an export, a rare request, can afford.
 */
export class ApiCallExportReader {
  constructor(private readonly snapshot: ReadSnapshot) {}

  async *calls(identity: LoggedIdentity, batchSize: number): AsyncGenerator<ExportedApiCallRow[], void, undefined> {
    const needles = [identity.personaId, ...identity.emailAddresses].map(containing);
    const others = new OtherPeopleRedaction(identity);
    const batches = this.snapshot.batches<StoredCallRow>(
      `SELECT service, start_time AS "startTime", end_time AS "endTime", processing_time AS "processingTime", method, url,
              http_version AS "httpVersion", status_code AS "statusCode", remote_address AS "remoteAddress", remote_family AS "remoteFamily",
              caller_app AS "callerApp", device_type AS "deviceType", raw_headers AS "rawHeaders", body, params, query,
              caller_kind AS "callerKind"
         FROM telemetry.api_calls
        WHERE (caller_kind = 'persona' AND caller_id = $3)
           -- The whole-value check only where a value occurs at all: the regular expression costs
           -- four times the substring search, and CASE keeps the planner from running it first.
           -- An address written with its @ escaped in JSON (\\u0040) is still the address.
           OR (caller_kind IN ('account', 'administrator')
               AND CASE WHEN ${HAYSTACK} ILIKE ANY ($2::text[]) THEN ${HAYSTACK} ~* $1 ELSE false END)
        ORDER BY start_time, id`,
      [identityPattern(identity), needles, identity.personaId],
      batchSize,
    );
    for await (const rows of batches) yield rows.map((row) => exported(row, others));
  }
}

/** The persona's own call as written; another's without its caller's or anyone else's identity. */
function exported({ callerKind, ...row }: StoredCallRow, others: OtherPeopleRedaction): ExportedApiCallRow {
  if (callerKind === 'persona') return { ...row, caller: 'self' };
  return {
    ...row,
    url: others.text(row.url),
    remoteAddress: null,
    remoteFamily: null,
    rawHeaders: [],
    body: others.json(row.body),
    params: others.json(row.params) as Record<string, unknown>,
    query: others.json(row.query) as Record<string, unknown>,
    caller: callerKind,
  };
}
