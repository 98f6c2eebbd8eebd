import { postgresErrorOf, validationFailed } from '@teamfit/common';
import type { Transaction } from '@teamfit/database';
import { sql } from 'drizzle-orm';

/** A regular expression may take PostgreSQL a long time; no list query may take longer than this. */
export const SEARCH_STATEMENT_TIMEOUT = '500ms';

/**
 * Cancels the statements of the list query's transaction (which its service opened) after 500 ms,
 * so that a pathological search pattern cannot hold a connection (SET LOCAL ends with the transaction).
 */
export async function setSearchTimeout(tx: Transaction): Promise<void> {
  await tx.execute(sql.raw(`SET LOCAL statement_timeout = '${SEARCH_STATEMENT_TIMEOUT}'`));
}

/** The 400 for a search pattern PostgreSQL refused or gave up on; `undefined` for anything else. */
export function searchError(error: unknown): Error | undefined {
  const code = postgresErrorOf(error)?.code;
  // invalid_regular_expression
  if (code === '2201B') return validationFailed('search is not a valid regular expression');
  // query_canceled (the statement timeout fired); program_limit_exceeded ("regular expression is too complex")
  if (code === '57014' || code === '54000') return validationFailed('search pattern too expensive');
  return undefined;
}

/** Awaits a list query, turning search failures into 400s. */
export async function searching<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    throw searchError(error) ?? error;
  }
}
