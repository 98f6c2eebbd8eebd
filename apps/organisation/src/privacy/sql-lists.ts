import { type SQL, sql } from 'drizzle-orm';

/** A text[] literal of parameters (Drizzle spreads a plain array into a parenthesised list instead). */
export function textArray(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`ARRAY[]::text[]`
    : sql`ARRAY[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
}
