import { Injectable } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import { conflict, DomainError } from '@teamfit/common';
import { compactProfile, compactQuestionnaire, dimensionContributions, round4, type WorkstyleInputs } from '@teamfit/scoring';
import { assertAdminOrOwnPersona } from '../evaluations/evaluation-access';
import { scoringQuestionnaire } from '../evaluations/question-set';
import { type EvaluationExplanationDto, MIN_TEAM_SHOWN_TO_PERSONA } from './evaluation-explanation.dto';
import { EvaluationExplanationRepository } from './evaluation-explanation.repository';

/**
 * Explanations of stored results (docs/fairness.md, "Explanations"): the questionnaire version, the
 * answers, the team context recorded at completion and each dimension's inputs and contribution,
 * such that libs/scoring computes the stored result again from them alone.
 */
@Injectable()
export class EvaluationExplanationService {
  constructor(private readonly explanations: EvaluationExplanationRepository) {}

  async explain(id: string, principal: VerifiedToken): Promise<EvaluationExplanationDto> {
    const row = await this.explanations.find(id);
    if (!row) throw new DomainError('not_found', 'Evaluation not found');
    // An administrator, or the persona for its own evaluation; never another account: the team's
    // inputs are more than a result shows (docs/adr/0084-item-statistics-and-explanations.md).
    assertAdminOrOwnPersona(principal, row.personaId, 'Only administrators and the persona itself read an explanation');
    if (row.status !== 'complete' || !row.results || !row.completedAt) {
      throw conflict('The evaluation is not complete: there is no result to explain yet');
    }
    if (!row.explanation) {
      throw conflict('The evaluation was completed before explanations were recorded: its team context at completion is not known');
    }
    const definition = scoringQuestionnaire(row.questionSet);
    const inputs: WorkstyleInputs = { questionnaire: definition, candidateAnswers: row.answers, team: row.explanation.teamInputs };
    const contributions = dimensionContributions(inputs);
    const levels = compactProfile(compactQuestionnaire(definition), row.answers).levels;
    // The persona sees how its own result came about, not its colleagues: no member's evaluation
    // ids, and the team's inputs only when the team is large enough that no member's levels can
    // be told apart. Administrators see everything, enough to compute the result again.
    const forPersona = principal.kind === 'persona';
    const withheld = forPersona && row.explanation.teamInputs.teamSize < MIN_TEAM_SHOWN_TO_PERSONA ? 'TEAM_TOO_SMALL' : null;
    return {
      evaluationId: row.id,
      personaId: row.personaId,
      teamId: row.teamId,
      completedAt: row.completedAt.toISOString(),
      scoringVersion: row.results.scoringVersion,
      questionnaireVersion: {
        id: row.questionnaireVersionId,
        groups: definition.groups.map((group) => ({
          id: group.id,
          name: group.name,
          scoreType: group.scoreType,
          weight: group.weight ?? null,
        })),
        questions: definition.questions.map((question) => ({
          id: question.id,
          groupId: question.groupId,
          order: question.order ?? null,
          reverseScore: question.reverseScore === true,
          faking: question.faking === true,
          metadata: question.metadata ?? null,
        })),
      },
      answers: row.answers,
      team: {
        teamSize: row.explanation.teamInputs.teamSize,
        profiles: forPersona ? null : row.explanation.teamProfiles,
        withheld,
      },
      dimensions: definition.groups.map((group, index) => {
        const team = row.explanation?.teamInputs.dimensions[index];
        const contribution = contributions[index];
        return {
          questionGroupId: group.id,
          name: group.name,
          scoreType: group.scoreType,
          candidateLevel: levels[index] ?? null,
          team: withheld
            ? null
            : {
                memberLevels: { values: [...(team?.memberLevels.values ?? [])], counts: [...(team?.memberLevels.counts ?? [])] },
                subGroups: (team?.subGroups ?? []).map((subGroup) => ({
                  name: subGroup.name,
                  memberLevels: { values: [...subGroup.memberLevels.values], counts: [...subGroup.memberLevels.counts] },
                })),
                items: (team?.items ?? []).map((item) => ({ ...item })),
              },
          weightPercentage: round4(contribution?.weightPercentage ?? 0),
          scorePercentage: round4(contribution?.scorePercentage ?? 0),
          contribution: round4(contribution?.contribution ?? 0),
        };
      }),
      result: row.results,
    };
  }
}
