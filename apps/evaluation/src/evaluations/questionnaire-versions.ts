import { Injectable } from '@nestjs/common';
import { LruMap } from '@teamfit/common';
import { type CompactQuestionnaire, compactQuestionnaire, type QuestionnaireDefinition } from '@teamfit/scoring';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import type { QuestionSet } from './evaluation.types';
import { QuestionnaireVersionRepository } from './questionnaire-version.repository';
import { questionSetHash, scoringQuestionnaire, type ServedQuestion, serveQuestion } from './question-set';

/** A questionnaire version with everything derived from it once: what is served and what scoring needs. */
export interface QuestionnaireVersion {
  readonly id: number;
  readonly questionSet: QuestionSet;
  /** Each question as served, by position in the set. */
  readonly served: readonly ServedQuestion[];
  /** The set as the scoring engine takes it. */
  readonly definition: QuestionnaireDefinition;
  readonly compact: CompactQuestionnaire;
}

/** Versions in memory; few exist (one per questionnaire edit), so a small bound is plenty. */
const CACHED_VERSIONS = 64;

/**
 * The questionnaire versions, cached. A version never changes once written, so an entry never
 * goes stale: the cache needs no invalidation, only a bound (least recently used goes first).
 */
@Injectable()
export class QuestionnaireVersions {
  private readonly byId = new LruMap<number, QuestionnaireVersion>(CACHED_VERSIONS);
  private readonly idByHash = new LruMap<string, number>(CACHED_VERSIONS);

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly versions: QuestionnaireVersionRepository,
  ) {}

  /** The version holding exactly this question set, created when it is new. */
  async fix(questionSet: QuestionSet): Promise<QuestionnaireVersion> {
    const hash = questionSetHash(questionSet);
    const known = this.idByHash.get(hash);
    const id = known ?? (await this.versions.idFor(this.db, hash, questionSet));
    const cached = this.byId.get(id);
    if (cached) return cached;
    this.idByHash.set(hash, id);
    return this.store(id, questionSet);
  }

  async get(id: number, db?: Executor): Promise<QuestionnaireVersion> {
    // Every answer asks for its version: a cached one is answered without getMany's arrays.
    const cached = this.byId.get(id);
    if (cached) return cached;
    const [version] = await this.getMany([id], db);
    if (!version) throw new Error(`questionnaire version ${id} does not exist`);
    return version;
  }

  /** The versions with these ids (one query for those not cached yet); unknown ids are left out. */
  async getMany(ids: readonly number[], db?: Executor): Promise<QuestionnaireVersion[]> {
    const missing = [...new Set(ids)].filter((id) => this.byId.get(id) === undefined);
    if (missing.length > 0) {
      for (const row of await this.versions.findByIds(missing, db)) {
        this.idByHash.set(row.hash, row.id);
        this.store(row.id, row.questionSet);
      }
    }
    return ids.flatMap((id) => {
      const version = this.byId.get(id);
      return version ? [version] : [];
    });
  }

  private store(id: number, questionSet: QuestionSet): QuestionnaireVersion {
    const definition = scoringQuestionnaire(questionSet);
    const version = {
      id,
      questionSet,
      served: questionSet.questions.map(serveQuestion),
      definition,
      compact: compactQuestionnaire(definition),
    };
    this.byId.set(id, version);
    return version;
  }
}
