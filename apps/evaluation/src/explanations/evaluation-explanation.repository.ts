import { Injectable } from '@nestjs/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import type { TeamInputs } from '@teamfit/scoring';
import { sql } from 'drizzle-orm';
import {
  type EvaluationStatus,
  evaluationAnswers,
  evaluationExplanations,
  evaluations,
  questionnaireVersions,
} from '../database/evaluation.schema';
import type { EvaluationResults, ExplainedProfile, QuestionSet } from '../evaluations/evaluation.types';

/** An evaluation with everything its explanation shows; `explanation` null when none was recorded. */
export interface ExplainedEvaluationRow {
  id: string;
  personaId: string;
  teamId: number;
  status: EvaluationStatus;
  completedAt: Date | null;
  results: EvaluationResults | null;
  questionnaireVersionId: number;
  questionSet: QuestionSet;
  answers: { questionId: number; value: number; timeTaken: number }[];
  explanation: { teamProfiles: ExplainedProfile[]; teamInputs: TeamInputs } | null;
}

/** Reads evaluation_explanations (written by EvaluationRepository.complete with the completion). */
@Injectable()
export class EvaluationExplanationRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** One statement: the evaluation, its version's question set, its answers and its recorded explanation. */
  async find(evaluationId: string): Promise<ExplainedEvaluationRow | undefined> {
    const e = evaluations;
    const x = evaluationExplanations;
    const a = evaluationAnswers;
    const result = await this.db.execute<{
      id: string;
      persona_id: string;
      team_id: number;
      status: EvaluationStatus;
      completed_at: string | Date | null;
      results: EvaluationResults | null;
      questionnaire_version_id: number;
      question_set: QuestionSet;
      answers: ExplainedEvaluationRow['answers'];
      team_profiles: ExplainedProfile[] | null;
      team_inputs: TeamInputs | null;
    }>(sql`
      SELECT ${e.id} AS id, ${e.personaId} AS persona_id, ${e.teamId} AS team_id, ${e.status} AS status, ${e.completedAt} AS completed_at,
             ${e.results} AS results, ${e.questionnaireVersionId} AS questionnaire_version_id, ${questionnaireVersions.questionSet} AS question_set,
             (SELECT coalesce(json_agg(json_build_object('questionId', ${a.questionId}, 'value', ${a.value}, 'timeTaken', ${a.timeTaken}) ORDER BY ${a.questionId}), '[]'::json)
                FROM ${a} WHERE ${a.evaluationId} = ${e.id}) AS answers,
             ${x.teamProfiles} AS team_profiles, ${x.teamInputs} AS team_inputs
        FROM ${e}
        JOIN ${questionnaireVersions} ON ${questionnaireVersions.id} = ${e.questionnaireVersionId}
        LEFT JOIN ${x} ON ${x.evaluationId} = ${e.id}
       WHERE ${e.id} = ${evaluationId}::uuid`);
    const [row] = result.rows;
    if (!row) return undefined;
    return {
      id: row.id,
      personaId: row.persona_id,
      teamId: row.team_id,
      status: row.status,
      completedAt: row.completed_at === null ? null : new Date(row.completed_at),
      results: row.results,
      questionnaireVersionId: row.questionnaire_version_id,
      questionSet: row.question_set,
      answers: row.answers,
      explanation: row.team_profiles && row.team_inputs ? { teamProfiles: row.team_profiles, teamInputs: row.team_inputs } : null,
    };
  }
}
