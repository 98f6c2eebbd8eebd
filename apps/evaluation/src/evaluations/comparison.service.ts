import { Injectable } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import { type Clock, DomainError, InjectClock, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { PersonaDirectory } from '@teamfit/personas';
import {
  answersFromValues,
  type AnswerInput,
  compareIndividuals,
  type ComparisonMode,
  computeCombinedScore,
  computeWorkstyleWithTeam,
  isRoleMatchScore,
  type RoleMatchResult,
  type WorkstyleResult,
} from '@teamfit/scoring';
import { TeamRepository } from '../algorithm/teams/team.repository';
import { assertMayCompareWith } from './evaluation-access';
import { EvaluationRepository, type EvaluationState } from './evaluation.repository';
import { EvaluationService } from './evaluation.service';
import { type QuestionnaireVersion, QuestionnaireVersions } from './questionnaire-versions';
import { RoleMatchService } from './role-match.service';
import { TeamContextService } from './team-context.service';

export interface RoleOptions {
  roleId?: number;
  algorithmUserId?: number;
  roleWeight?: number;
}

const evaluationNotFound = () => new DomainError('not_found', 'Evaluation not found');

/** team-match, compare-team and compare (docs/scoring.md): read-only, nothing is persisted. */
@Injectable()
export class ComparisonService {
  private readonly personas: PersonaDirectory;

  constructor(
    @InjectDatabase() db: Database,
    private readonly evaluations: EvaluationRepository,
    private readonly teams: TeamRepository,
    private readonly flow: EvaluationService,
    private readonly teamContext: TeamContextService,
    private readonly roles: RoleMatchService,
    private readonly versions: QuestionnaireVersions,
    @InjectClock() private readonly now: Clock,
  ) {
    this.personas = new PersonaDirectory(db);
  }

  async teamMatch(id: string, options: RoleOptions, principal: VerifiedToken) {
    // Ids, counters and values only: the stored results are not needed here.
    const evaluation = await this.stateOf(id, principal);
    await this.assertPersonaComparesOwn(principal, evaluation, { algorithmUserId: options.algorithmUserId });
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
    const evaluation = await this.stateOf(id, principal);
    await this.assertPersonaComparesOwn(principal, evaluation, {
      teamId: options.algorithmTeamId,
      algorithmUserId: options.algorithmUserId,
    });
    if (options.algorithmTeamId === evaluation.teamId) throw validationFailed("algorithmTeamId must differ from the evaluation's own team");
    // Names only: the member list stays in the database (the team context reads it there).
    const names = await this.teams.namesOf(evaluation.teamId, options.algorithmTeamId);
    const targetTeam = names.find((team) => team.id === options.algorithmTeamId);
    if (!targetTeam) throw new DomainError('not_found', `Target team ${options.algorithmTeamId} not found`);
    const sourceTeam = names.find((team) => team.id === evaluation.teamId);
    const { version, answers: candidateAnswers } = await this.answersOrFail(evaluation);
    const workstyle = computeWorkstyleWithTeam(
      await this.teamContext.aggregate(targetTeam.id, evaluation.personaId, version),
      candidateAnswers,
    );

    let roleMatch: RoleMatchResult | null = null;
    let combined = null;
    if (options.roleId !== undefined) {
      const role = await this.roles.resolveRole(targetTeam.id, options.roleId);
      const algorithmUserId = options.algorithmUserId ?? (await this.algorithmUserOf(evaluation.personaId));
      roleMatch = role ? await this.roles.match(role, algorithmUserId) : null;
      if (roleMatch && isRoleMatchScore(roleMatch)) {
        combined = computeCombinedScore({
          roleScore: roleMatch.score,
          workstyleScore: workstyle.overallScore,
          roleWeight: options.roleWeight,
        });
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
    const [a, b] = await Promise.all([this.evaluations.findState(input.evaluationIdA), this.evaluations.findState(input.evaluationIdB)]);
    if (!a || !b) throw evaluationNotFound();
    this.flow.assertAccess(a, principal);
    this.flow.assertAccess(b, principal);
    const [{ version, answers: answersA }, { answers: answersB }] = await Promise.all([this.answersOrFail(a), this.answersOrFail(b)]);
    const mode = input.mode ?? 'PAIRWISE';
    const result = compareIndividuals({ questionnaire: version.definition, answersA, answersB, mode });
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
  private async workstyleAgainst(evaluation: EvaluationState, teamId: number): Promise<WorkstyleResult> {
    const { version, answers } = await this.answersOrFail(evaluation);
    return computeWorkstyleWithTeam(await this.teamContext.aggregate(teamId, evaluation.personaId, version), answers);
  }

  /**
   * The evaluation's answers from its row's answered values: scores need values only (times feed
   * the validity block, which these on-demand results do not show).
   */
  private async answersOrFail(evaluation: EvaluationState): Promise<{ version: QuestionnaireVersion; answers: AnswerInput[] }> {
    const version = await this.versions.get(evaluation.questionnaireVersionId);
    const answers = answersFromValues(version.compact, evaluation.answerValues);
    if (answers.length === 0) throw validationFailed(`Evaluation ${evaluation.id} has no answers`);
    return { version, answers };
  }

  /** Only persona tokens are limited (see assertMayCompareWith); the persona is looked up only then. */
  private async stateOf(id: string, principal: VerifiedToken): Promise<EvaluationState> {
    const evaluation = await this.evaluations.findState(id);
    if (!evaluation) throw evaluationNotFound();
    this.flow.assertAccess(evaluation, principal);
    return evaluation;
  }

  private async assertPersonaComparesOwn(
    principal: VerifiedToken,
    evaluation: Pick<EvaluationState, 'teamId' | 'personaId'>,
    asked: { teamId?: number; algorithmUserId?: number },
  ): Promise<void> {
    if (principal.kind !== 'persona') return;
    // The team first: it needs no query, and a foreign team is refused whatever the user record.
    assertMayCompareWith(principal, { teamId: evaluation.teamId, algorithmUserId: null }, { teamId: asked.teamId });
    if (asked.algorithmUserId === undefined) return;
    assertMayCompareWith(
      principal,
      { teamId: evaluation.teamId, algorithmUserId: await this.algorithmUserOf(evaluation.personaId) },
      { algorithmUserId: asked.algorithmUserId },
    );
  }

  private async algorithmUserOf(personaId: string): Promise<number | null> {
    return (await this.personas.findById(personaId))?.userNumber ?? null;
  }
}
