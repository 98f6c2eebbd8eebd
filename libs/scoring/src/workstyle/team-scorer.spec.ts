// The ranking path (TeamScorer) must give exactly the overall score of the full scoring path.
import fc from 'fast-check';
import { ScoringInputError } from '../errors';
import { questionnaireArbitrary } from '../test/arbitraries';
import type { QuestionnaireDefinition } from '../types';
import { computeWorkstyle } from './compute-workstyle';
import { buildProfile } from './profile';
import {
  answersFromValues,
  compactQuestionnaire,
  computeWorkstyleWithTeam,
  TeamAggregate,
  type CompactQuestionnaire,
} from './team-aggregate';
import { TeamScorer } from './team-scorer';

/** More CONFLICT sub-groups than TOP_TEN's ten items, so no scratch space is sized by the other. */
const SUB_GROUPS = ['competing', 'avoiding', 'yielding', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
const questionnaireArb = questionnaireArbitrary({
  maxGroups: 6,
  maxQuestionsPerGroup: 24,
  maxOrder: 8,
  fakingOneIn: 6,
  subGroups: SUB_GROUPS,
});

/** Compact values: each question answered (one of `allowed`, 1-5) or not (0). */
function valuesArb(length: number, allowed: readonly number[]): fc.Arbitrary<Uint8Array> {
  return fc.array(fc.constantFrom(...allowed), { minLength: length, maxLength: length }).map((values) => Uint8Array.from(values));
}

/** A questionnaire, candidates and a team, whose values come from a random subset of 0-5: few values make members share levels. */
function scenarioArb(maxTeam: number, minTeam = 0) {
  return fc.tuple(questionnaireArb, fc.subarray([0, 1, 2, 3, 4, 5], { minLength: 1 })).chain(([questionnaire, allowed]) => {
    const length = questionnaire.questions.length;
    return fc.record({
      questionnaire: fc.constant(questionnaire),
      candidates: fc.array(valuesArb(length, allowed), { minLength: 1, maxLength: 8 }),
      team: fc.array(valuesArb(length, allowed), { minLength: minTeam, maxLength: maxTeam }),
    });
  });
}

function aggregateOf(compact: CompactQuestionnaire, team: readonly Uint8Array[]): TeamAggregate {
  const aggregate = new TeamAggregate(compact);
  for (const member of team) aggregate.addMember(member);
  return aggregate;
}

/** Each dimension's unrounded score as the full path computes it (TeamAggregate.scoreDimension), 0 without a candidate level. */
function fullDimensionScores(team: TeamAggregate, candidate: Uint8Array): number[] {
  const { prepared } = team.questionnaire;
  const profile = buildProfile(prepared, answersFromValues(team.questionnaire, candidate));
  const rank = (questionId: number): number => prepared.deliveryRank.get(questionId) ?? 0;
  return prepared.groups.map((group, index) => {
    const own = profile.groups.get(group.id);
    return own && own.level !== null ? team.scoreDimension(index, { ...own, level: own.level }, rank) : 0;
  });
}

/**
 * Checks the scorer against the full path for one candidate, bit for bit: the unrounded dimension
 * scores (before any rounding could hide a last-bit difference), the overall score, and the
 * overall category and dimensions result() gives; and the full path against the reference engine
 * (a profile per member).
 */
function expectSameAsFullPath(
  scorer: TeamScorer,
  questionnaire: QuestionnaireDefinition,
  compact: CompactQuestionnaire,
  team: readonly Uint8Array[],
  candidate: Uint8Array,
): void {
  const aggregate = aggregateOf(compact, team);
  const expected = fullDimensionScores(aggregate, candidate);
  // Object.is (toEqual on numbers) tells 1 ulp and -0 apart.
  scorer.dimensionScores(candidate).forEach((score, index) => expect([index, score]).toEqual([index, expected[index]]));
  const full = computeWorkstyleWithTeam(aggregate, answersFromValues(compact, candidate));
  const reference = computeWorkstyle({
    questionnaire,
    candidateAnswers: answersFromValues(compact, candidate),
    teamAnswers: team.map((member) => answersFromValues(compact, member)),
  });
  expect(full).toEqual(reference);
  expect(Object.is(scorer.overallScore(candidate), full.overallScore)).toBe(true);
  expect(scorer.result(candidate)).toEqual({
    overallScore: full.overallScore,
    overallCategory: full.overallCategory,
    dimensions: full.dimensions,
  });
}

describe('TeamScorer', () => {
  it.each([
    ['teams of up to 12', 0, 12, 400],
    ['teams of 150 to 250 (many distinct levels)', 150, 250, 40],
  ])('gives computeWorkstyleWithTeam’s overall score bit for bit, every candidate in turn, %s', (_, minTeam, maxTeam, numRuns) => {
    fc.assert(
      fc.property(scenarioArb(maxTeam, minTeam), ({ questionnaire, candidates, team }) => {
        const compact = compactQuestionnaire(questionnaire);
        const scorer = TeamScorer.of(aggregateOf(compact, team));
        for (const candidate of candidates) expectSameAsFullPath(scorer, questionnaire, compact, team, candidate);
      }),
      { numRuns },
    );
  });

  it('scores a member against the team without them, derived from the whole team’s scorer or built from a copy of the aggregate, as against the team built without them', () => {
    const withMember = scenarioArb(30).chain((scenario) =>
      fc.record({ scenario: fc.constant(scenario), out: fc.nat({ max: Math.max(0, scenario.team.length - 1) }) }),
    );
    fc.assert(
      fc.property(withMember, ({ scenario: { questionnaire, team, candidates }, out }) => {
        const member = team[out];
        if (!member) return;
        const compact = compactQuestionnaire(questionnaire);
        const whole = aggregateOf(compact, team);
        const others = team.filter((_, index) => index !== out);
        const context = whole.clone();
        context.removeMember(member);
        const derived = TeamScorer.of(whole).without(member);
        for (const scorer of [TeamScorer.of(context), derived]) {
          for (const candidate of [member, ...candidates]) expectSameAsFullPath(scorer, questionnaire, compact, others, candidate);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses to take out a member the team does not hold', () => {
    const compact = compactQuestionnaire({
      groups: [{ id: 1, name: 'Drive', scoreType: 'SUPPLEMENTARY' }],
      questions: [{ id: 10, groupId: 1, order: 1 }],
    });
    const team = new TeamAggregate(compact);
    team.addMember([4]);
    expect(() => TeamScorer.of(team).without([3])).toThrow(/does not hold/);
  });

  it('keeps the team it was built from: later changes to the aggregate change no score', () => {
    fc.assert(
      fc.property(scenarioArb(10), ({ questionnaire, candidates, team }) => {
        const compact = compactQuestionnaire(questionnaire);
        const aggregate = aggregateOf(compact, team);
        const scorer = TeamScorer.of(aggregate);
        for (const candidate of candidates) aggregate.addMember(candidate);
        for (const candidate of candidates) expectSameAsFullPath(scorer, questionnaire, compact, team, candidate);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses values the full path refuses, with its message', () => {
    const compact = compactQuestionnaire({
      groups: [{ id: 1, name: 'g', scoreType: 'SUPPLEMENTARY' }],
      questions: [
        { id: 7, groupId: 1 },
        { id: 8, groupId: 1 },
      ],
    });
    const scorer = TeamScorer.of(new TeamAggregate(compact));
    for (const values of [
      [3, 6],
      [2.5, 1],
      [-1, 0],
    ]) {
      expect(() => computeWorkstyleWithTeam(new TeamAggregate(compact), answersFromValues(compact, values))).toThrow(ScoringInputError);
      let message = '';
      try {
        computeWorkstyleWithTeam(new TeamAggregate(compact), answersFromValues(compact, values));
      } catch (error) {
        message = (error as Error).message;
      }
      expect(() => scorer.overallScore(values)).toThrow(new ScoringInputError(message));
    }
  });
});
