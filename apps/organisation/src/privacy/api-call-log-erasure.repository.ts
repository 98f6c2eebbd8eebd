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
};

/**
 * The API-call log's entries that carry the persona (its id, an address or a name anywhere in the
 * URL, headers, parameters, query or body) stay as entries, so counts and the daily rollup are
 * unchanged, but lose it: the URL, headers, parameters and query are scrubbed, and the body,
 * which for such a call is about the persona (its profile fields, its answers), is replaced by
 * `"[erased]"`. The log has no key (migration 0001): rows are found again by partition and
 * physical position, locked with FOR UPDATE so neither moves before the update. Finding them
 * reads every partition: an erasure costs one pass over the 400 days the log keeps.
 */
@Injectable()
export class ApiCallLogErasureRepository {
  async erase(tx: Executor, scrubber: IdentityScrubber): Promise<number> {
    const any = textArray(scrubber.likePatterns);
    const { rows } = await tx.execute<LoggedCall>(sql`
      SELECT tableoid::oid::text AS partition, ctid::text AS row, url, raw_headers::text AS raw_headers, body::text AS body, params::text AS params, query::text AS query
        FROM telemetry.api_calls
       WHERE url ILIKE ANY(${any}) OR raw_headers::text ILIKE ANY(${any}) OR body::text ILIKE ANY(${any})
          OR params::text ILIKE ANY(${any}) OR query::text ILIKE ANY(${any})
         FOR UPDATE`);
    let scrubbed = 0;
    for (const call of rows) {
      const [headers, params, query] = [call.raw_headers, call.params, call.query].map((text) => JSON.parse(text) as unknown);
      const body = call.body === null ? null : (JSON.parse(call.body) as unknown);
      const carries = scrubber.finds(call.url) || [headers, params, query, body].some((value) => scrubber.findsInJson(value));
      if (!carries) continue;
      await tx.execute(sql`
        UPDATE telemetry.api_calls
           SET url = ${scrubber.scrubText(call.url)}, raw_headers = ${JSON.stringify(scrubber.scrubJson(headers))}::json,
               params = ${JSON.stringify(scrubber.scrubJson(params))}::json, query = ${JSON.stringify(scrubber.scrubJson(query))}::json,
               body = ${body === null ? null : JSON.stringify(ERASED_MARKER)}::json
         WHERE tableoid = ${call.partition}::oid AND ctid = ${call.row}::tid`);
      scrubbed += 1;
    }
    return scrubbed;
  }
}
