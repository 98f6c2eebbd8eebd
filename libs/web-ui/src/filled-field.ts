/**
 * `{[key]: text}` with the text trimmed, or nothing when it is blank: an optional form field the
 * request body leaves out rather than sending empty. Spread into the body.
 */
export const filledField = <K extends string>(key: K, text: string): Partial<Record<K, string>> => {
  const trimmed = text.trim();
  return trimmed ? ({ [key]: trimmed } as Record<K, string>) : {};
};
