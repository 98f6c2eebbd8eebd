import { serviceUnderTest } from '@teamfit/platform/testing';
import request from 'supertest';
import { evaluationAppModule } from '../src/evaluation-app.module';

/** One lookup of each kind an algorithm record refers to (two industries), by key. */
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

/**
 * The evaluation service for a test of /algorithm teams, roles or user records: started around the
 * file's tests (`serviceUnderTest`), with one lookup of each kind created before them (`ids`, by
 * key, each named after its key) and the calls such a test makes as an administrator (`post`, 201)
 * and as a member (`read`).
 */
export function algorithmServiceWithLookups() {
  const evaluation = serviceUnderTest('evaluation', evaluationAppModule);
  const { admin, member } = evaluation;
  const ids: Record<string, number> = {};
  const api = () => request(evaluation.url);
  const post = async <T>(collection: string, body: Record<string, unknown>): Promise<T> =>
    (await api().post(`/algorithm/${collection}`).set('Authorization', admin).send(body).expect(201)).body as T;
  const read = async (path: string, status = 200) => (await api().get(path).set('Authorization', member).expect(status)).body as unknown;
  beforeAll(async () => {
    for (const [key, collection, extra] of ONE_OF_EACH_LOOKUP)
      ids[key] = (await post<{ id: number }>(collection, { name: key, ...extra })).id;
  });
  return { evaluation, admin, member, ids, api, post, read };
}
