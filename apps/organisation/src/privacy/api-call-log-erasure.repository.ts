import { Injectable } from '@nestjs/common';
import type { Executor } from '@teamfit/database';
import { ERASED_MARKER, type IdentityScrubber } from '@teamfit/privacy';
import { sql } from 'drizzle-orm';
import { textArray } from './sql-lists';

type LoggedCall = {
  partition: string;
  row: string;
  url: string;
  raw_headers: string;
  body: string | null;
  params: string;
  query: string;
  /** Made with the persona's own access token (telemetry migration 0005). */
  own: boolean;
};

/** Header names kept, every value erased: the persona's own client (User-Agent, forwarded addresses) is its data. */
const erasedValues = (headers: unknown): unknown =>
  Array.isArray(headers) ? (headers as unknown[]).map((item, index) => (index % 2 === 0 ? item : ERASED_MARKER)) : headers;

/**
 * The API-call log's entries about the persona stay as entries, so counts and the daily rollup are
 * unchanged, but lose it. Two kinds are found:
 * - entries that carry the persona (its id, an address or a name anywhere in the URL, headers,
 *   parameters, query or body): the URL, headers, parameters and query are scrubbed, and the
 *   body, which for such a call is about the persona (its profile fields, its answers), is
 *   replaced by `"[erased]"`;
 * - the calls it made with its own access token (`caller_id`, whatever they name): the same, and
 *   also the caller's id, its network address and every header value go, since the client it
 *   called from is the persona's too. The caller kind stays `persona`: a persona's call, no longer whose.
 * The log has no key (migration 0001): rows are found again by partition and physical position,
 * locked with FOR UPDATE so neither moves before the update. Finding them reads every partition:
 * an erasure costs one pass over the 400 days the log keeps.
 */
@Injectable()
export class ApiCallLogErasureRepository {
  async erase(tx: Executor, personaId: string, scrubber: IdentityScrubber): Promise<number> {
    const any = textArray(scrubber.likePatterns);
    const { rows } = await tx.execute<LoggedCall>(sql`
      SELECT tableoid::oid::text AS partition, ctid::text AS row, url, raw_headers::text AS raw_headers, body::text AS body, params::text AS params, query::text AS query,
             coalesce(caller_kind = 'persona' AND caller_id = ${personaId}, false) AS own
        FROM telemetry.api_calls
       WHERE (caller_kind = 'persona' AND caller_id = ${personaId})
          OR url ILIKE ANY(${any}) OR raw_headers::text ILIKE ANY(${any}) OR body::text ILIKE ANY(${any})
          OR params::text ILIKE ANY(${any}) OR query::text ILIKE ANY(${any})
         FOR UPDATE`);
    let scrubbed = 0;
    for (const call of rows) {
      const [headers, params, query] = [call.raw_headers, call.params, call.query].map((text) => JSON.parse(text) as unknown);
      const body = call.body === null ? null : (JSON.parse(call.body) as unknown);
      const carries = scrubber.finds(call.url) || [headers, params, query, body].some((value) => scrubber.findsInJson(value));
      if (!carries && !call.own) continue;
      const scrubbedHeaders = scrubber.scrubJson(headers);
      await tx.execute(sql`
        UPDATE telemetry.api_calls
           SET url = ${scrubber.scrubText(call.url)},
               raw_headers = ${JSON.stringify(call.own ? erasedValues(scrubbedHeaders) : scrubbedHeaders)}::json,
               params = ${JSON.stringify(scrubber.scrubJson(params))}::json, query = ${JSON.stringify(scrubber.scrubJson(query))}::json,
               body = ${body === null ? null : JSON.stringify(ERASED_MARKER)}::json,
               remote_address = CASE WHEN ${call.own} THEN NULL ELSE remote_address END,
               caller_id = CASE WHEN ${call.own} THEN NULL ELSE caller_id END
         WHERE tableoid = ${call.partition}::oid AND ctid = ${call.row}::tid`);
      scrubbed += 1;
    }
    return scrubbed;
  }
}
