import { Injectable } from '@nestjs/common';
import { QuestionnaireDirectory } from '@teamfit/assessment';
import type { VerifiedToken } from '@teamfit/auth';
import { type Clock, conflict, DomainError, InjectClock, LruMap, notFound, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { PersonaDirectory } from '@teamfit/personas';
import { scoreCompletion } from '@teamfit/scoring';
import { AlgorithmDirectory } from '../algorithm/algorithm.directory';
import type { EvaluationRow, EvaluationStatus } from '../database/evaluation.schema';
import { assertMayUse, assertMayWrite, mayWrite } from './evaluation-access';
import { type CompletionReads, EvaluationRepository, type EvaluationState, type ReadFrom } from './evaluation.repository';
import type { EvaluationResults } from './evaluation.types';
import { type QuestionnaireVersion, QuestionnaireVersions } from './questionnaire-versions';
import { fixQuestionSet, type ServedQuestion, serveQuestion } from './question-set';
import { TeamContextService } from './team-context.service';

export interface EvaluationSummary {
  id: string;
  personaId: string;
  teamId: number;
  status: EvaluationStatus;
  progress: { answered: number; total: number };
  createdAt: string;
  updatedAt: string;
}

export type EvaluationView = EvaluationSummary & { currentQuestion?: ServedQuestion; results?: EvaluationResults };

export interface QuestionListItem extends Omit<ServedQuestion, 'summary'> {
  summary: string | null;
  order: number;
  status: 'answered' | 'current' | 'pending';
  answer?: { value: number; timeTaken: number; answeredAt: string };
}

export function summaryOf(row: Pick<EvaluationRow, 'id' | 'personaId' | 'teamId' | 'status' | 'answered' | 'total' | 'createdAt' | 'updatedAt'>): EvaluationSummary {
  return {
    id: row.id,
    personaId: row.personaId,
    teamId: row.teamId,
    status: row.status,
    progress: { answered: row.answered, total: row.total },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Position of the first unanswered question (delivery order), or -1 when every one is answered. */
const nextPosition = (answerValues: Uint8Array): number => answerValues.indexOf(0);

interface AnswerInput {
  questionId: number;
  value: number;
  timeTaken: number;
}

const countAnswered = (answerValues: Uint8Array): number => answerValues.reduce((n, value) => (value === 0 ? n : n + 1), 0);

/** What never changes in an evaluation's life: enough to record an answer without reading the row first. */
type FixedFacts = Pick<EvaluationState, 'id' | 'personaId' | 'teamId' | 'questionnaireVersionId' | 'total' | 'createdAt'>;

/** Evaluations being answered at once on one instance, with room to spare; an entry is about 200 bytes. */
const FIXED_FACTS_CACHED = 5_000;

/** The questionnaire flow: list, create or resume, read, answer, question list (README.md, "A questionnaire end to end"). */
@Injectable()
export class EvaluationService {
  private readonly questionnaire: QuestionnaireDirectory;
  private readonly personas: PersonaDirectory;
  /** Never stale (the facts are immutable) and safe across instances; an evaluation that is gone simply misses at the write. */
  private readonly fixedFacts = new LruMap<string, FixedFacts>(FIXED_FACTS_CACHED);

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly evaluations: EvaluationRepository,
    private readonly algorithm: AlgorithmDirectory,
    private readonly teamContext: TeamContextService,
    private readonly versions: QuestionnaireVersions,
    @InjectClock() private readonly now: Clock,
  ) {
    this.questionnaire = new QuestionnaireDirectory(db);
    this.personas = new PersonaDirectory(db);
  }

  /** Creates the evaluation of a persona against a team, or resumes the active one. */
  async createOrResume(personaId: string, teamId: number): Promise<{ view: EvaluationView; resumed: boolean }> {
    if (!(await this.algorithm.getTeam(teamId))) throw notFound(`Team ${teamId}`);
    const active = await this.evaluations.findActive(personaId, teamId);
    if (active) return { view: await this.view(active), resumed: true };
    if (!(await this.personas.findById(personaId))) throw validationFailed('personaId does not reference an existing persona');

    const questionSet = fixQuestionSet(await this.questionnaire.load());
    if (questionSet.questions.length === 0) throw conflict('The questionnaire has no questions yet');
    const version = await this.versions.fix(questionSet);
    const total = questionSet.questions.length;
    const created = await this.evaluations.insertActive(this.db, { personaId, teamId, questionnaireVersionId: version.id, total, answerValues: Buffer.alloc(total) });
    if (created) return { view: await this.view(created), resumed: false };
    // Another request created it in the meantime: the unique index kept one; resume that one.
    const winner = await this.evaluations.findActive(personaId, teamId);
    if (!winner) throw new Error('active evaluation vanished after a conflicting insert');
    return { view: await this.view(winner), resumed: true };
  }

  async get(id: string, principal: VerifiedToken): Promise<EvaluationView> {
    return this.view(await this.load(id, principal));
  }

  async list(filter: { personaId: string; teamId?: number; status?: EvaluationStatus }, principal: VerifiedToken): Promise<{ items: EvaluationSummary[]; total: number }> {
    assertMayUse(principal, filter.personaId);
    const { rows, total } = await this.evaluations.list(filter);
    return { items: rows.map(summaryOf), total };
  }

  /**
   * Stores an answer. Re-answering an answered question (while incomplete) replaces the earlier
   * answer. An answer that leaves the evaluation incomplete is one statement (recordProgress); the
   * completing answer is scored from what that statement read instead of writing, and written in
   * one statement that holds only while the evaluation row is still as read (completeUnlocked).
   * When the row changed under either, the answer takes the locked path below, which serialises
   * answers to the evaluation.
   */
  async answer(id: string, input: AnswerInput, principal: VerifiedToken) {
    const known = this.fixedFacts.get(id);
    const first = known && (await this.recordKnown(known, input, principal));
    if (first?.kind === 'recorded') return first.view;
    const evaluation = first?.kind === 'read' ? first.state : await this.evaluations.findState(id);
    if (!evaluation) throw new DomainError('not_found', 'Evaluation not found');
    assertMayWrite(principal, evaluation.personaId);
    if (evaluation.status === 'complete') throw new DomainError('conflict', 'The evaluation is already complete');
    const { personaId, teamId, questionnaireVersionId, total, createdAt } = evaluation;
    this.fixedFacts.set(id, { id, personaId, teamId, questionnaireVersionId, total, createdAt });
    const version = await this.versions.get(evaluation.questionnaireVersionId);
    const position = version.compact.positionById.get(input.questionId);
    if (position === undefined) throw validationFailed(`questionId ${input.questionId} is not a question of this evaluation`);
    if (evaluation.answered === evaluation.total - 1 && evaluation.answerValues[position] === 0) {
      const reads = first?.kind === 'read' ? first.completion : null;
      return (await this.completeUnlocked(evaluation, version, position, input, reads)) ?? this.answerLocked(id, input, principal);
    }
    const outcome = await this.recordProgress(evaluation, version, position, input);
    return outcome.kind === 'recorded' ? outcome.view : this.answerLocked(id, input, principal);
  }

  /**
   * Most answers, in one round trip: with what never changes about the evaluation already known,
   * the answer goes straight to recordProgress, whose statement checks the rest (incomplete, and
   * staying so) and, when it writes nothing, reads the evaluation instead (with what scoring
   * needs when this answer completes it). Undefined when the caller may not write or the question
   * is not one of the evaluation's: the caller then reads the row and answers as for an
   * evaluation it has not seen.
   */
  private async recordKnown(known: FixedFacts, input: AnswerInput, principal: VerifiedToken) {
    if (!mayWrite(principal, known.personaId)) return undefined;
    const version = await this.versions.get(known.questionnaireVersionId);
    const position = version.compact.positionById.get(input.questionId);
    if (position === undefined) return undefined;
    const outcome = await this.recordProgress(known, version, position, input);
    return outcome.kind === 'missing' ? undefined : outcome;
  }

  /** An answer that leaves the evaluation incomplete, or, when the statement wrote nothing, the evaluation as it read it. */
  private async recordProgress(evaluation: FixedFacts, version: QuestionnaireVersion, position: number, input: AnswerInput) {
    const now = this.now();
    const outcome = await this.evaluations.recordProgress(this.db, evaluation.id, position, { ...input, answeredAt: now });
    if (outcome.kind !== 'recorded') return outcome;
    const next = version.served[nextPosition(outcome.answerValues)];
    const view = { ...summaryOf({ ...evaluation, status: 'in_progress', answered: outcome.answered, updatedAt: now }), nextQuestion: next ?? null };
    return { kind: 'recorded' as const, view };
  }

  /**
   * The completing answer without a transaction: no connection held while scoring. The earlier
   * answers and the team are read together with `evaluation` (`reads`, from recordProgress's
   * statement) or after it, and the write holds only if the row is still that version (its
   * `xmin`), so they are exactly the answers it completes; undefined when another answer got there first.
   */
  private async completeUnlocked(evaluation: EvaluationState, version: QuestionnaireVersion, position: number, input: AnswerInput, reads: CompletionReads | null) {
    const answerValues = Buffer.from(evaluation.answerValues);
    answerValues[position] = input.value;
    const scored = await this.score(evaluation, version, input, answerValues, 'primary', reads);
    const now = this.now();
    const written = await this.evaluations.completeIfUnchanged(this.db, evaluation, { answer: { ...input, answeredAt: now }, answered: evaluation.total, answerValues, ...scored });
    if (!written) return undefined;
    return { ...summaryOf({ ...evaluation, status: 'complete', answered: evaluation.total, updatedAt: now }), nextQuestion: null, results: scored.results };
  }

  /**
   * The answer with the evaluation row locked, so the last answer, the status change and the
   * results commit together: two concurrent final answers give one result, never two or none.
   */
  private async answerLocked(id: string, input: AnswerInput, principal: VerifiedToken) {
    return this.db.transaction(async (tx) => {
      const evaluation = await this.evaluations.lockById(tx, id);
      if (!evaluation) throw new DomainError('not_found', 'Evaluation not found');
      assertMayWrite(principal, evaluation.personaId);
      if (evaluation.status === 'complete') throw new DomainError('conflict', 'The evaluation is already complete');
      // Everything inside the transaction reads through it: a read on the pool while holding a
      // pool connection deadlocks once every connection is held by a completing answer.
      const version = await this.versions.get(evaluation.questionnaireVersionId, tx);
      const position = version.compact.positionById.get(input.questionId);
      if (position === undefined) throw validationFailed(`questionId ${input.questionId} is not a question of this evaluation`);
      const now = this.now();
      const answerValues = Buffer.from(evaluation.answerValues);
      answerValues[position] = input.value;
      const answered = countAnswered(answerValues);
      if (answered < evaluation.total) {
        await this.evaluations.upsertAnswer(tx, { evaluationId: id, ...input, answeredAt: now });
        await this.evaluations.saveProgress(tx, id, { answered, answerValues, updatedAt: now });
        const next = version.served[nextPosition(answerValues)];
        return { ...summaryOf({ ...evaluation, status: 'in_progress', answered, updatedAt: now }), nextQuestion: next ?? null };
      }
      const scored = await this.score(evaluation, version, input, answerValues, tx);
      await this.evaluations.complete(tx, evaluation, { answer: { ...input, answeredAt: now }, answered, answerValues, ...scored });
      return { ...summaryOf({ ...evaluation, status: 'complete', answered, updatedAt: now }), nextQuestion: null, results: scored.results };
    });
  }

  /** Results and score profile levels of the evaluation that `input` completes with `answerValues`. */
  private async score(evaluation: EvaluationState, version: QuestionnaireVersion, input: AnswerInput, answerValues: Buffer, from: ReadFrom, reads: CompletionReads | null = null) {
    // The candidate's answers are the earlier ones (validity and time need each one's time) and
    // this one. A candidate who is a member of a team whose organisation includes them counts
    // like every member, by their latest completed evaluation: this one. The stored results then
    // equal a team-match made right after.
    const [earlier, team] = reads
      ? [reads.earlier, await this.teamContext.aggregateAt(reads.stamp, evaluation.teamId, evaluation.personaId, version, from, answerValues)]
      : await Promise.all([
          this.evaluations.answerInputsOf(evaluation.id, from),
          this.teamContext.aggregate(evaluation.teamId, evaluation.personaId, version, from, answerValues),
        ]);
    const candidateAnswers = [...earlier.filter((answer) => answer.questionId !== input.questionId), input];
    return scoreCompletion(team, candidateAnswers);
  }

  /** The whole ordered question list with a status per question, for a progress rail (`GET /evaluation/:id/questions`). */
  async questions(id: string, principal: VerifiedToken): Promise<{ items: QuestionListItem[]; progress: { answered: number; total: number } }> {
    const evaluation = await this.load(id, principal);
    const [version, answerRows] = await Promise.all([this.versions.get(evaluation.questionnaireVersionId), this.evaluations.answersOf(id)]);
    const answers = new Map(answerRows.map((answer) => [answer.questionId, answer]));
    const current = evaluation.status === 'complete' ? -1 : nextPosition(evaluation.answerValues);
    const items = version.questionSet.questions.map((question, order): QuestionListItem => {
      const answer = answers.get(question.id);
      const served = { ...serveQuestion(question), summary: question.summary, order };
      if (answer) {
        return { ...served, status: 'answered', answer: { value: answer.value, timeTaken: answer.timeTaken, answeredAt: answer.answeredAt.toISOString() } };
      }
      return { ...served, status: order === current ? 'current' : 'pending' };
    });
    return { items, progress: { answered: evaluation.answered, total: evaluation.total } };
  }

  /** The evaluation, after the caller's right to it is checked. */
  async load(id: string, principal: VerifiedToken): Promise<EvaluationRow> {
    const evaluation = await this.evaluations.findById(id);
    if (!evaluation) throw new DomainError('not_found', 'Evaluation not found');
    this.assertAccess(evaluation, principal);
    return evaluation;
  }

  assertAccess(evaluation: Pick<EvaluationRow, 'personaId'>, principal: VerifiedToken): void {
    assertMayUse(principal, evaluation.personaId);
  }

  private async view(row: EvaluationRow): Promise<EvaluationView> {
    if (row.status === 'complete') return { ...summaryOf(row), ...(row.results ? { results: row.results } : {}) };
    const version = await this.versions.get(row.questionnaireVersionId);
    const next = version.served[nextPosition(row.answerValues)];
    return { ...summaryOf(row), ...(next ? { currentQuestion: next } : {}) };
  }
}
