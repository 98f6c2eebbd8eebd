import { ScoringInputError } from '../errors';
import type { PersonAnswers, QuestionnaireDefinition, WorkstyleResult } from '../types';
import {
  compactProfile,
  compactQuestionnaire,
  computeWorkstyleWithTeam,
  type CompactQuestionnaire,
  type LevelTally,
  type ReadonlyTeamAggregate,
  TeamAggregate,
} from './team-aggregate';
import { TeamScorer } from './team-scorer';
import { weightPercentages } from './weights';

/*
 * What a workstyle result was computed from, in a form that can be stored and published
 * (docs/fairness.md, "Explanations"): the team context as the formulas read it, per dimension the
 * members' levels (distinct values with how many members have each), each CONFLICT sub-group's
 * levels likewise, and TOP_TEN's per-item integer sums and counts. Never a member's answers: the
 * formulas need only these aggregates, and the numbers are exact (levels are means of integers,
 * kept as the doubles the engine computed; sums and counts are integers), so the result recomputed
 * from them is the stored one bit for bit.
 */

/** Members' levels on a dimension (or a sub-group): distinct values ascending, and how many members have each. */
export interface MemberLevels {
  readonly values: readonly number[];
  readonly counts: readonly number[];
}

export interface TeamDimensionInputs {
  readonly questionGroupId: number;
  readonly memberLevels: MemberLevels;
  /** CONFLICT: the members' levels per sub-group (conflict style) that any member has; empty otherwise. */
  readonly subGroups: readonly { readonly name: string; readonly memberLevels: MemberLevels }[];
  /** TOP_TEN: per item, the integer sum and count of the members' scored values; empty otherwise. */
  readonly items: readonly { readonly questionId: number; readonly sum: number; readonly count: number }[];
}

/** A team context as its explanation keeps it. */
export interface TeamInputs {
  /** Members with at least one scored answer: the result's `teamSize`. */
  readonly teamSize: number;
  readonly dimensions: readonly TeamDimensionInputs[];
}

export interface WorkstyleInputs {
  readonly questionnaire: QuestionnaireDefinition;
  readonly candidateAnswers: PersonAnswers;
  readonly team: TeamInputs;
}

/** Each dimension's share of the overall score, unrounded: `contribution = weightPercentage * scorePercentage / 100`. */
export interface DimensionContribution {
  readonly questionGroupId: number;
  readonly weightPercentage: number;
  readonly scorePercentage: number;
  readonly contribution: number;
}

const levelsOf = (tally: LevelTally): MemberLevels => ({ values: [...tally.values], counts: [...tally.counts] });

/** The inputs of a team context, read from the aggregate a result is computed with. */
export function teamInputsOf(team: ReadonlyTeamAggregate): TeamInputs {
  const { questionnaire } = team;
  return {
    teamSize: team.size,
    dimensions: questionnaire.prepared.groups.map((group, index) => {
      const summary = team.dimensionSummary(index);
      const scored = questionnaire.scoredItems[index] ?? [];
      return {
        questionGroupId: group.id,
        memberLevels: levelsOf(summary.levels),
        subGroups:
          group.scoreType === 'CONFLICT'
            ? [...summary.subGroups]
                .filter(([, tally]) => tally.size > 0)
                .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
                .map(([name, tally]) => ({ name, memberLevels: levelsOf(tally) }))
            : [],
        items:
          group.scoreType === 'TOP_TEN'
            ? scored.map((item) => ({ questionId: item.questionId, ...team.itemTotals(item.position) })).filter((item) => item.count > 0)
            : [],
      };
    }),
  };
}

const pairsOf = (levels: MemberLevels): [number, number][] => {
  if (levels.values.length !== levels.counts.length) throw new ScoringInputError('Member levels and their counts differ in length');
  return levels.values.map((value, at) => [value, levels.counts[at] ?? 0]);
};

/** The team context these inputs describe, on `questionnaire` (refused when they do not fit it). */
export function teamFromInputs(questionnaire: CompactQuestionnaire, inputs: TeamInputs): TeamAggregate {
  const groups = questionnaire.prepared.groups;
  const items = new Map<number, { sum: number; count: number }>();
  const dimensions = inputs.dimensions.map((dimension, index) => {
    if (groups[index]?.id !== dimension.questionGroupId) {
      throw new ScoringInputError(
        `Dimension ${String(index)} is question group ${String(groups[index]?.id)}, not ${String(dimension.questionGroupId)}`,
      );
    }
    const scored = questionnaire.scoredItems[index] ?? [];
    for (const item of dimension.items) {
      const position = scored.find((candidate) => candidate.questionId === item.questionId)?.position;
      if (position === undefined)
        throw new ScoringInputError(`Question ${String(item.questionId)} is no scored item of group ${String(dimension.questionGroupId)}`);
      items.set(position, { sum: item.sum, count: item.count });
    }
    return {
      levels: pairsOf(dimension.memberLevels),
      subGroups: new Map(dimension.subGroups.map((subGroup) => [subGroup.name, pairsOf(subGroup.memberLevels)])),
    };
  });
  return TeamAggregate.restore(questionnaire, { size: inputs.teamSize, dimensions, items });
}

/** The workstyle result these inputs give: computeWorkstyleWithTeam against the team they describe. */
export function workstyleFromInputs(inputs: WorkstyleInputs): WorkstyleResult {
  return computeWorkstyleWithTeam(teamFromInputs(compactQuestionnaire(inputs.questionnaire), inputs.team), inputs.candidateAnswers);
}

/**
 * Each dimension's weight, unrounded score and contribution to the overall score for these
 * inputs. The overall score is `round2` of the sum of the contributions (summed in group order).
 */
export function dimensionContributions(inputs: WorkstyleInputs): DimensionContribution[] {
  const questionnaire = compactQuestionnaire(inputs.questionnaire);
  const team = teamFromInputs(questionnaire, inputs.team);
  const scores = TeamScorer.of(team).dimensionScores(compactProfile(questionnaire, inputs.candidateAnswers).values);
  const weights = weightPercentages(questionnaire.prepared.groups);
  return questionnaire.prepared.groups.map((group, index) => {
    const weightPercentage = weights[index] ?? 0;
    const scorePercentage = scores[index] ?? 0;
    return { questionGroupId: group.id, weightPercentage, scorePercentage, contribution: (weightPercentage * scorePercentage) / 100 };
  });
}
