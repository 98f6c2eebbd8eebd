/** The header carrying a list's total, the body being a plain array of one page. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const TOTAL_COUNT_OPENAPI = {
  [TOTAL_COUNT_HEADER]: { description: 'Number of records in the whole collection', schema: { type: 'integer' } },
};
