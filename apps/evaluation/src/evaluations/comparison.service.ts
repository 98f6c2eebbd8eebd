import { Inject, Injectable } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import { DomainError, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { PersonaDirectory } from '@teamfit/personas';
import {
  compareIndividuals,
  type ComparisonMode,
  computeCombinedScore,
  computeWorkstyle,
  isRoleMatchScore,
  type RoleMatchResult,
  type WorkstyleResult,
} from '@teamfit/scoring';
import { AlgorithmDirectory } from '../algorithm/algorithm.directory';
import type { EvaluationRow } from '../database/evaluation.schema';
import { EVALUATION_CLOCK, type EvaluationClock } from './evaluation.clock';
import { EvaluationRepository } from './evaluation.repository';
import { EvaluationService } from './evaluation.service';
import { scoringQuestionnaire } from './question-set';
import { RoleMatchService } from './role-match.service';
import { TeamContextService } from './team-context.service';

export interface RoleOptions {
  roleId?: number;
  algorithmUserId?: number;
  roleWeight?: number;
}

const evaluationNotFound = () => new DomainError('not_found', 'Evaluation not found');

/** team-match, compare-team and compare (spec 4.6-4.8): read-only, nothing is persisted. */
@Injectable()
export class ComparisonService {
  private readonly personas: PersonaDirectory;

  constructor(
    @InjectDatabase() db: Database,
    private readonly evaluations: EvaluationRepository,
    private readonly flow: EvaluationService,
    private readonly algorithm: AlgorithmDirectory,
    private readonly teamContext: TeamContextService,
    private readonly roles: RoleMatchService,
    @Inject(EVALUATION_CLOCK) private readonly now: EvaluationClock,
  ) {
    this.personas = new PersonaDirectory(db);
  }

  async teamMatch(id: string, options: RoleOptions, principal: VerifiedToken) {
    const evaluation = await this.flow.load(id, principal);
    const workstyle = await this.workstyleAgainst(evaluation, evaluation.teamId);
    const role = await this.roles.resolveRole(evaluation.teamId, options.roleId);
    const algorithmUserId = options.algorithmUserId ?? (await this.algorithmUserOf(evaluation.personaId));
    const roleMatch = role ? await this.roles.match(role, algorithmUserId) : null;
    const roleScore = roleMatch && isRoleMatchScore(roleMatch) ? roleMatch.score : null;
    return {
      evaluationId: evaluation.id,
      algorithmTeamId: evaluation.teamId,
      roleId: role?.id ?? null,
      algorithmUserId,
      workstyle: { score: workstyle.overallScore, scoreCategory: workstyle.overallCategory, dimensions: workstyle.dimensions },
      roleMatch,
      combined: computeCombinedScore({ roleScore, workstyleScore: workstyle.overallScore, roleWeight: options.roleWeight }),
    };
  }

  async compareTeam(id: string, options: RoleOptions & { algorithmTeamId: number }, principal: VerifiedToken) {
    const evaluation = await this.evaluations.findById(id);
    if (!evaluation) throw evaluationNotFound();
    this.flow.assertAccess(evaluation, principal);
    if (options.algorithmTeamId === evaluation.teamId) throw validationFailed("algorithmTeamId must differ from the evaluation's own team");
    const [sourceTeam, targetTeam] = await Promise.all([this.algorithm.getTeam(evaluation.teamId), this.algorithm.getTeam(options.algorithmTeamId)]);
    if (!targetTeam) throw new DomainError('not_found', `Target team ${options.algorithmTeamId} not found`);
    const candidateAnswers = await this.answersOrFail(evaluation);
    const workstyle = computeWorkstyle({
      questionnaire: scoringQuestionnaire(evaluation.questionSet),
      candidateAnswers,
      teamAnswers: await this.teamContext.membersAnswers(targetTeam, evaluation.personaId),
    });

    let roleMatch: RoleMatchResult | null = null;
    let combined = null;
    if (options.roleId !== undefined) {
      const role = await this.roles.resolveRole(targetTeam.id, options.roleId);
      const algorithmUserId = options.algorithmUserId ?? (await this.algorithmUserOf(evaluation.personaId));
      roleMatch = role ? await this.roles.match(role, algorithmUserId) : null;
      if (roleMatch && isRoleMatchScore(roleMatch)) {
        combined = computeCombinedScore({ roleScore: roleMatch.score, workstyleScore: workstyle.overallScore, roleWeight: options.roleWeight });
      }
    }
    return {
      evaluationId: evaluation.id,
      personaId: evaluation.personaId,
      sourceTeam: { algorithmTeamId: evaluation.teamId, teamName: sourceTeam?.name ?? null },
      targetTeam: { algorithmTeamId: targetTeam.id, teamName: targetTeam.name },
      workstyle: { overallScore: workstyle.overallScore, overallCategory: workstyle.overallCategory, dimensions: workstyle.dimensions },
      roleMatch,
      combined,
      answersUsed: candidateAnswers.length,
      computedAt: this.now().toISOString(),
    };
  }

  async compare(input: { evaluationIdA: string; evaluationIdB: string; mode?: ComparisonMode }, principal: VerifiedToken) {
    if (input.evaluationIdA === input.evaluationIdB) throw validationFailed('evaluationIdB must differ from evaluationIdA');
    const [a, b] = await Promise.all([this.evaluations.findById(input.evaluationIdA), this.evaluations.findById(input.evaluationIdB)]);
    if (!a || !b) throw evaluationNotFound();
    this.flow.assertAccess(a, principal);
    this.flow.assertAccess(b, principal);
    const [answersA, answersB] = await Promise.all([this.answersOrFail(a), this.answersOrFail(b)]);
    const mode = input.mode ?? 'PAIRWISE';
    const result = compareIndividuals({ questionnaire: scoringQuestionnaire(a.questionSet), answersA, answersB, mode });
    return {
      mode,
      evaluationIdA: a.id,
      evaluationIdB: b.id,
      score: result.score,
      scoreCategory: result.scoreCategory,
      dimensions: result.dimensions,
      ...(result.reverseScore === undefined ? {} : { reverseScore: result.reverseScore, reverseDimensions: result.reverseDimensions }),
    };
  }

  /** The evaluation's stored answers scored against a team's members (400 without answers). */
  private async workstyleAgainst(evaluation: EvaluationRow, teamId: number): Promise<WorkstyleResult> {
    const candidateAnswers = await this.answersOrFail(evaluation);
    const team = await this.algorithm.getTeam(teamId);
    return computeWorkstyle({
      questionnaire: scoringQuestionnaire(evaluation.questionSet),
      candidateAnswers,
      teamAnswers: team ? await this.teamContext.membersAnswers(team, evaluation.personaId) : [],
    });
  }

  private async answersOrFail(evaluation: EvaluationRow) {
    const answers = await this.evaluations.answersOf(evaluation.id);
    if (answers.length === 0) throw validationFailed(`Evaluation ${evaluation.id} has no answers`);
    return answers.map((answer) => ({ questionId: answer.questionId, value: answer.value, timeTaken: answer.timeTaken }));
  }

  private async algorithmUserOf(personaId: string): Promise<number | null> {
    return (await this.personas.findById(personaId))?.userNumber ?? null;
  }
}
