'use strict';
/**
 * The bundle's rewrites of node-postgres's per-query path (used by tools/bundle.mjs, pgQueryPath).
 *
 * pg's `Result.addFields`, run once for every query's row description, builds an empty row object:
 * a null-prototype object (which V8 keeps in slow dictionary mode), a property per column, then a
 * spread copy. About 6 µs for a 14-column row and 8.6 µs for 20, measured alone, against 0.1 µs
 * for the rest of it; 4 % of the CPU of `GET /evaluation/:id` in a profile, 3 % of an answer's.
 * Rows made as arrays (drizzle's prepared queries: `rowMode: 'array'`) never use it, so it is
 * built for object rows only; and it is built with `Object.fromEntries` (4.3 µs for 20 columns):
 * the same ordinary object, its own data properties in the same order (a repeated column name
 * keeps its first place, a column named `__proto__` is an own property), as the spread made.
 *
 * And every query's config is copied (`cloneQueryConfig`, so pg never writes into the caller's
 * object) through `Object.getOwnPropertyDescriptors`: 3.5 µs for a four-member config, measured
 * alone. A plain object whose own keys are all enumerable strings (drizzle's and the platform's
 * `{ name, text, … }` literals) is copied by spreading it instead; any other goes pg's way.
 */

/** [file pattern, the text that must stand once in it, the replacements (each `from` once)]. */
const PG_REWRITES = [
  {
    file: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]result\.js$/,
    expected: /\n  addFields\(fieldDescriptions\) \{\n/,
    replacements: [
      ['const row = Object.create(null)', 'const row = this.rowAsArray ? null : new Array(fieldDescriptions.length)'],
      ['row[desc.name] = null', 'if (row !== null) row[i] = [desc.name, null]'],
      ['this._prebuiltEmptyResultObject = { ...row }', 'this._prebuiltEmptyResultObject = row === null ? null : Object.fromEntries(row)'],
    ],
  },
  {
    file: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]utils\.js$/,
    expected: /\nfunction cloneQueryConfig\(config\) \{\n/,
    replacements: [
      [
        'return Object.defineProperties(Object.create(Object.getPrototypeOf(config)), Object.getOwnPropertyDescriptors(config))',
        'return Object.getPrototypeOf(config) === Object.prototype && Reflect.ownKeys(config).length === Object.keys(config).length ? { ...config } : Object.defineProperties(Object.create(Object.getPrototypeOf(config)), Object.getOwnPropertyDescriptors(config))',
      ],
    ],
  },
];

/** `contents` of `file` with `rewrite`'s replacements; throws when pg's code no longer has the shape they expect. */
function rewritePg(file, contents, rewrite) {
  if (!rewrite.expected.test(contents)) throw new Error(`${file} changed: tools/bundle-pg.cjs expects ${rewrite.expected}`);
  for (const [from, to] of rewrite.replacements) {
    if (contents.split(from).length !== 2) throw new Error(`${file} changed: tools/bundle-pg.cjs expects \`${from}\` once`);
    contents = contents.replace(from, to);
  }
  return contents;
}

module.exports = { PG_REWRITES, rewritePg };
