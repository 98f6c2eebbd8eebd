import type { ReadSnapshot } from '@teamfit/database';
import type { ApiCallEntry } from '../request-log/api-call-entry';

/** What identifies a persona in the API-call log: its id and its e-mail addresses. */
export interface LoggedIdentity {
  personaId: string;
  emailAddresses: readonly string[];
}

/** An API-call log entry, as it was written (secrets were redacted before it was stored). */
export type ExportedApiCallRow = ApiCallEntry;

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
 * entries whose path, parameters, query or stored body carry the persona's id or one of its
 * e-mail addresses. The log records no caller identity of its own (the Authorization header is
 * redacted), so these are the entries that say who they were about. It keeps no index on such
 * text: the search reads the whole log of 400 days, which an export, a rare request, can afford.
 */
export class ApiCallExportReader {
  constructor(private readonly snapshot: ReadSnapshot) {}

  calls(identity: LoggedIdentity, batchSize: number): AsyncGenerator<ExportedApiCallRow[], void, undefined> {
    const needles = [identity.personaId, ...identity.emailAddresses].map(containing);
    return this.snapshot.batches<ExportedApiCallRow>(
      `SELECT service, start_time AS "startTime", end_time AS "endTime", processing_time AS "processingTime", method, url,
              http_version AS "httpVersion", status_code AS "statusCode", remote_address AS "remoteAddress", remote_family AS "remoteFamily",
              caller_app AS "callerApp", device_type AS "deviceType", raw_headers AS "rawHeaders", body, params, query
         FROM telemetry.api_calls
        -- The whole-value check only where a value occurs at all: the regular expression costs
        -- four times the substring search, and CASE keeps the planner from running it first.
        -- An address written with its @ escaped in JSON (\\u0040) is still the address.
        WHERE CASE WHEN ${HAYSTACK} ILIKE ANY ($2::text[]) THEN ${HAYSTACK} ~* $1 ELSE false END
        ORDER BY start_time, id`,
      [identityPattern(identity), needles],
      batchSize,
    );
  }
}
