/** One lookup of each kind an algorithm record refers to (two industries), by key: what a test of teams, roles or user records needs first. */
const ONE_OF_EACH_LOOKUP = [
  ['industry', 'industries', {}],
  ['industry2', 'industries', {}],
  ['function', 'workfunctions', {}],
  ['skill', 'skills', {}],
  ['major', 'studymajors', { orderBy: 1 }],
  ['location', 'locations', { countryId: 33 }],
  ['years', 'professionalyears', { orderBy: 3 }],
  ['education', 'educationlevels', { orderBy: 2 }],
] as const;

/** Creates them through `post` (POST /algorithm/<collection>, 201) and answers their ids by key, named after the key. */
export async function createOneOfEachLookup(post: (collection: string, body: Record<string, unknown>) => Promise<{ id: number }>): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [key, collection, extra] of ONE_OF_EACH_LOOKUP) ids[key] = (await post(collection, { name: key, ...extra })).id;
  return ids;
}
