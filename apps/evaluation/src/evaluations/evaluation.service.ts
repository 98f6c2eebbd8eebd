import { Injectable } from '@nestjs/common';
import { QuestionnaireDirectory } from '@teamfit/assessment';
import type { VerifiedToken } from '@teamfit/auth';
import { type Clock, conflict, DomainError, InjectClock, notFound, validationFailed } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { type EvaluationCompletedData, enqueueOutbox } from '@teamfit/outbox';
import { PersonaDirectory } from '@teamfit/personas';
import { scoreCompletion, teamInputsOf } from '@teamfit/scoring';
import { AlgorithmDirectory } from '../algorithm/algorithm.directory';
import { GreenhouseCompletion } from '../partners/greenhouse/greenhouse-completion';
import type { EvaluationRow, EvaluationStatus } from '../database/evaluation.schema';
import { assertMayUse, assertMayWrite, writerOf } from './evaluation-access';
import { EvaluationRepository, type EvaluationState, type LockedEvaluation } from './evaluation.repository';
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

/** The summary with when the evaluation was last invited (null: never): what the list, the read and the creation answer. */
export type EvaluationOverview = EvaluationSummary & { invitedAt: string | null };

export type EvaluationView = EvaluationOverview & { currentQuestion?: ServedQuestion; results?: EvaluationResults };

/** What an answer gives back: the evaluation's summary, the next question (null once complete), the results when it completed. */
export type AnswerView = EvaluationSummary & { nextQuestion: ServedQuestion | null; results?: EvaluationResults };

export interface QuestionListItem extends Omit<ServedQuestion, 'summary'> {
  summary: string | null;
  order: number;
  status: 'answered' | 'current' | 'pending';
  answer?: { value: number; timeTaken: number; answeredAt: string };
}

export function summaryOf(
  row: Pick<EvaluationRow, 'id' | 'personaId' | 'teamId' | 'status' | 'answered' | 'total' | 'createdAt' | 'updatedAt'>,
): EvaluationSummary {
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

export function overviewOf(row: Parameters<typeof summaryOf>[0] & Pick<EvaluationRow, 'invitedAt'>): EvaluationOverview {
  return { ...summaryOf(row), invitedAt: row.invitedAt?.toISOString() ?? null };
}

/** The questionnaire version a new evaluation is fixed with, and its number of questions. */
export interface FixedQuestions {
  questionnaireVersionId: number;
  total: number;
}

const newEvaluation = (personaId: string, teamId: number, fixed: FixedQuestions) => ({
  personaId,
  teamId,
  questionnaireVersionId: fixed.questionnaireVersionId,
  total: fixed.total,
  answerValues: Buffer.alloc(fixed.total),
});

/** Position of the first unanswered question (delivery order), or -1 when every one is answered. */
const nextPosition = (answerValues: Uint8Array): number => answerValues.indexOf(0);

interface AnswerInput {
  questionId: number;
  value: number;
  timeTaken: number;
}

const countAnswered = (answerValues: Uint8Array): number => answerValues.reduce((n, value) => (value === 0 ? n : n + 1), 0);

/** The questionnaire flow: list, create or resume, read, answer, question list (docs/walkthrough.md, "A questionnaire end to end"). */
@Injectable()
export class EvaluationService {
  private readonly questionnaire: QuestionnaireDirectory;
  private readonly personas: PersonaDirectory;

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly evaluations: EvaluationRepository,
    private readonly algorithm: AlgorithmDirectory,
    private readonly teamContext: TeamContextService,
    private readonly versions: QuestionnaireVersions,
    private readonly greenhouse: GreenhouseCompletion,
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

    const fixed = await this.fixQuestions();
    const created = await this.evaluations.insertActive(this.db, newEvaluation(personaId, teamId, fixed));
    if (created) return { view: await this.view(created), resumed: false };
    // Another request created it in the meantime: the unique index kept one; resume that one.
    const winner = await this.evaluations.findActive(personaId, teamId);
    if (!winner) throw new Error('active evaluation vanished after a conflicting insert');
    return { view: await this.view(winner), resumed: true };
  }

  /** The questions a new evaluation is fixed with (stored once per content); 409 while the questionnaire has none. */
  async fixQuestions(): Promise<FixedQuestions> {
    const questionSet = fixQuestionSet(await this.questionnaire.load());
    if (questionSet.questions.length === 0) throw conflict('The questionnaire has no questions yet');
    const version = await this.versions.fix(questionSet);
    return { questionnaireVersionId: version.id, total: questionSet.questions.length };
  }

  /**
   * The active evaluation of the persona against the team, created with `fixed` when there is
   * none, inside the caller's transaction (a persona that transaction made, the Greenhouse
   * send_test's, is visible only there). The team and the persona are the caller's to check.
   */
  async openIn(tx: Executor, personaId: string, teamId: number, fixed: FixedQuestions): Promise<EvaluationRow> {
    const active = await this.evaluations.findActive(personaId, teamId, tx);
    if (active) return active;
    const created = await this.evaluations.insertActive(tx, newEvaluation(personaId, teamId, fixed));
    if (created) return created;
    const winner = await this.evaluations.findActive(personaId, teamId, tx);
    if (!winner) throw new Error('active evaluation vanished after a conflicting insert');
    return winner;
  }

  async get(id: string, principal: VerifiedToken): Promise<EvaluationView> {
    return this.view(await this.load(id, principal));
  }

  async list(
    filter: { personaId: string; teamId?: number; status?: EvaluationStatus },
    principal: VerifiedToken,
  ): Promise<{ items: EvaluationOverview[]; total: number }> {
    assertMayUse(principal, filter.personaId);
    const { rows, total } = await this.evaluations.list(filter);
    return { items: rows.map(overviewOf), total };
  }

  /**
   * Stores an answer. Re-answering an answered question (while incomplete) replaces the earlier
   * answer. An answer that leaves the evaluation incomplete is one statement (recordAnswer), which
   * checks everything the answer needs (the caller may write the evaluation, the question is one
   * of its version's, it is incomplete and stays so) as it writes. When it writes nothing it reads
   * the evaluation instead: the answer is refused by the same checks, or it is the one that
   * completes the evaluation, written in one transaction holding the row lock (completeLocked).
   */
  async answer(id: string, input: AnswerInput, principal: VerifiedToken): Promise<AnswerView> {
    const now = this.now();
    const outcome = await this.evaluations.recordAnswer(this.db, id, { ...input, answeredAt: now }, writerOf(principal));
    if (outcome.recorded) {
      const version = await this.versions.get(outcome.evaluation.questionnaireVersionId);
      return this.progressView(outcome.evaluation, version);
    }
    await this.answerable(outcome.evaluation, input, principal);
    return this.completeLocked(id, input, principal);
  }

  /**
   * The evaluation's version and the answered question's position in it, once the answer may be
   * given: the evaluation exists, the caller may write it, it is incomplete, and the question is
   * one of its version's (checked in this order, each with its own error).
   */
  private async answerable(evaluation: EvaluationState | undefined, input: AnswerInput, principal: VerifiedToken, tx?: Executor) {
    if (!evaluation) throw new DomainError('not_found', 'Evaluation not found');
    assertMayWrite(principal, evaluation.personaId);
    if (evaluation.status === 'complete') throw new DomainError('conflict', 'The evaluation is already complete');
    const version = await this.versions.get(evaluation.questionnaireVersionId, tx);
    const position = version.compact.positionById.get(input.questionId);
    if (position === undefined) throw validationFailed(`questionId ${input.questionId} is not a question of this evaluation`);
    return { evaluation, version, position };
  }

  private progressView(evaluation: EvaluationState, version: QuestionnaireVersion): AnswerView {
    const next = version.served[nextPosition(evaluation.answerValues)];
    return { ...summaryOf(evaluation), nextQuestion: next ?? null };
  }

  /**
   * The answer the statement did not record although it may be given: with the evaluation row
   * locked, so the last answer, the status change and the results commit together (two
   * concurrent final answers give one result, never two or none). Under the lock the answer is
   * checked again; one that no longer completes the evaluation (it met a concurrent answer) is
   * recorded as progress. The transaction is short by design: the statement that takes the lock
   * also reads the earlier answers and the team stamp (lockForCompletion), the version is the one
   * answerable() cached before it, the team aggregate comes from the cache when the stamp's
   * profiles version matches, and one statement writes.
   */
  private async completeLocked(id: string, input: AnswerInput, principal: VerifiedToken): Promise<AnswerView> {
    return this.db.transaction(async (tx) => {
      // Everything inside the transaction reads through it: a read on the pool while holding a
      // pool connection deadlocks once every connection is held by a completing answer.
      const locked = await this.evaluations.lockForCompletion(tx, id);
      const { evaluation, version, position } = await this.answerable(locked?.evaluation, input, principal, tx);
      const { answers = [], teamStamp } = locked ?? {};
      const now = this.now();
      const answer = { ...input, answeredAt: now };
      const answerValues = Buffer.from(evaluation.answerValues);
      answerValues[position] = input.value;
      const answered = countAnswered(answerValues);
      if (answered < evaluation.total) {
        await this.evaluations.recordProgress(tx, id, answer, { answered, answerValues });
        return this.progressView({ ...evaluation, status: 'in_progress', answered, answerValues, updatedAt: now }, version);
      }
      const scored = await this.score(tx, { evaluation, answers, teamStamp }, version, input, answerValues);
      await this.evaluations.complete(tx, evaluation, { answer, answered, answerValues, ...scored });
      // In the completion's transaction: the event exists exactly when the completion does (docs/integrations.md, "Webhooks").
      const completed: EvaluationCompletedData = {
        evaluationId: evaluation.id,
        personaId: evaluation.personaId,
        teamId: evaluation.teamId,
        overallScore: scored.results.overallScore,
        overallCategory: scored.results.overallCategory,
        completedAt: now.toISOString(),
      };
      await enqueueOutbox(tx, { type: 'evaluation.completed', organisationId: locked?.organisationId ?? null, data: completed });
      if (locked?.sentByGreenhouse) await this.greenhouse.announce(tx, evaluation.id);
      return { ...summaryOf({ ...evaluation, status: 'complete', answered, updatedAt: now }), nextQuestion: null, results: scored.results };
    });
  }

  /** Results and score profile levels of the evaluation that `input` completes with `answerValues`, from what was read with its row lock. */
  private async score(
    tx: Executor,
    { evaluation, answers, teamStamp }: Omit<LockedEvaluation, 'organisationId' | 'sentByGreenhouse'>,
    version: QuestionnaireVersion,
    input: AnswerInput,
    answerValues: Buffer,
  ) {
    // The candidate's answers are the earlier ones (validity and time need each one's time) and
    // this one. A candidate who is a member of a team whose organisation includes them counts
    // like every member, by their latest completed evaluation: this one. The stored results then
    // equal a team-match made right after.
    const { team, members } = await this.teamContext.contextAt(teamStamp, evaluation.teamId, evaluation.personaId, version, tx, {
      values: answerValues,
      ref: { evaluationId: evaluation.id, questionnaireVersionId: version.id, personaId: evaluation.personaId },
    });
    const candidateAnswers = [...answers.filter((answer) => answer.questionId !== input.questionId), input];
    // What the explanation of this result needs beyond the answers and the version: the member
    // profiles (no persona ids: they outlive an erasure) and the team's inputs to the formulas.
    const teamProfiles = members.map(({ evaluationId, questionnaireVersionId }) => ({ evaluationId, questionnaireVersionId }));
    return { ...scoreCompletion(team, candidateAnswers), explanation: { teamProfiles, teamInputs: teamInputsOf(team) } };
  }

  /** The whole ordered question list with a status per question, for a progress rail (`GET /evaluation/:id/questions`). */
  async questions(
    id: string,
    principal: VerifiedToken,
  ): Promise<{ items: QuestionListItem[]; progress: { answered: number; total: number } }> {
    const evaluation = await this.load(id, principal);
    const [version, answerRows] = await Promise.all([this.versions.get(evaluation.questionnaireVersionId), this.evaluations.answersOf(id)]);
    const answers = new Map(answerRows.map((answer) => [answer.questionId, answer]));
    const current = evaluation.status === 'complete' ? -1 : nextPosition(evaluation.answerValues);
    const items = version.questionSet.questions.map((question, order): QuestionListItem => {
      const answer = answers.get(question.id);
      const served = { ...serveQuestion(question), summary: question.summary, order };
      if (answer) {
        return {
          ...served,
          status: 'answered',
          answer: { value: answer.value, timeTaken: answer.timeTaken, answeredAt: answer.answeredAt.toISOString() },
        };
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
    if (row.status === 'complete') return { ...overviewOf(row), ...(row.results ? { results: row.results } : {}) };
    const version = await this.versions.get(row.questionnaireVersionId);
    const next = version.served[nextPosition(row.answerValues)];
    return { ...overviewOf(row), ...(next ? { currentQuestion: next } : {}) };
  }
}
