import { Injectable } from '@nestjs/common';
import { type CompactQuestionnaire, compactQuestionnaire, type QuestionnaireDefinition } from '@teamfit/scoring';
import type { QuestionSet } from './evaluation.types';
import type { Executor } from './evaluation.repository';
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
  private readonly byId = new Map<number, QuestionnaireVersion>();
  private readonly idByHash = new Map<string, number>();

  constructor(private readonly versions: QuestionnaireVersionRepository) {}

  /** The version holding exactly this question set, created when it is new. */
  async fix(questionSet: QuestionSet): Promise<QuestionnaireVersion> {
    const hash = questionSetHash(questionSet);
    const known = this.idByHash.get(hash);
    const id = known ?? (await this.versions.idFor(hash, questionSet));
    const cached = this.byId.get(id);
    if (cached) return this.touch(cached);
    this.remember(hash, id);
    return this.store(id, questionSet);
  }

  async get(id: number, db?: Executor): Promise<QuestionnaireVersion> {
    const [version] = await this.getMany([id], db);
    if (!version) throw new Error(`questionnaire version ${id} does not exist`);
    return version;
  }

  /** The versions with these ids (one query for those not cached yet); unknown ids are left out. */
  async getMany(ids: readonly number[], db?: Executor): Promise<QuestionnaireVersion[]> {
    const missing = [...new Set(ids)].filter((id) => !this.byId.has(id));
    if (missing.length > 0) {
      for (const row of await this.versions.findByIds(missing, db)) {
        this.remember(row.hash, row.id);
        this.store(row.id, row.questionSet);
      }
    }
    return ids.flatMap((id) => {
      const version = this.byId.get(id);
      return version ? [this.touch(version)] : [];
    });
  }

  private store(id: number, questionSet: QuestionSet): QuestionnaireVersion {
    const definition = scoringQuestionnaire(questionSet);
    const version = { id, questionSet, served: questionSet.questions.map(serveQuestion), definition, compact: compactQuestionnaire(definition) };
    this.byId.set(id, version);
    if (this.byId.size > CACHED_VERSIONS) this.byId.delete(this.byId.keys().next().value as number);
    return version;
  }

  private remember(hash: string, id: number): void {
    this.idByHash.set(hash, id);
    if (this.idByHash.size > CACHED_VERSIONS) this.idByHash.delete(this.idByHash.keys().next().value as string);
  }

  /** Marks the entry as recently used (a Map iterates in insertion order). */
  private touch(version: QuestionnaireVersion): QuestionnaireVersion {
    this.byId.delete(version.id);
    this.byId.set(version.id, version);
    return version;
  }
}
