// docs/scoring.md "What-if team": the CONFLICT example's team, by hand.
import { answers, fourItems } from '../test/fixtures';
import { compactProfile, compactQuestionnaire, TeamAggregate } from './team-aggregate';
import { teamProfile } from './team-profile';

describe('teamProfile', () => {
  const compact = compactQuestionnaire(fourItems('CONFLICT', ['competing', 'competing', 'avoiding', 'avoiding']));
  const m1 = compactProfile(compact, answers({ 1: 3, 2: 3, 3: 2, 4: 1 })).values;
  const m2 = compactProfile(compact, answers({ 1: 3, 2: 5, 3: 1, 4: 1 })).values;

  it('levels 2.25 and 2.5: mean 2.375 → 2.38, spread √((0.125² + 0.125²) / 2) = 0.125 → 0.13, both styles covered', () => {
    const team = new TeamAggregate(compact);
    team.addMember(m1);
    team.addMember(m2);
    expect(teamProfile(team)).toEqual({
      teamSize: 2,
      dimensions: [
        { questionGroupId: 1, name: 'conflict', scoreType: 'CONFLICT', members: 2, mean: 2.38, min: 2.25, max: 2.5, spread: 0.13 },
      ],
      conflictStyles: ['avoiding', 'competing'],
    });
  });

  it('a member who answered only the competing items covers only that style; an empty team has no levels', () => {
    const team = new TeamAggregate(compact);
    expect(teamProfile(team).dimensions[0]).toMatchObject({ members: 0, mean: null, min: null, max: null, spread: null });
    team.addMember(compactProfile(compact, answers({ 1: 4, 2: 2 })).values);
    expect(teamProfile(team)).toMatchObject({ teamSize: 1, conflictStyles: ['competing'] });
    expect(teamProfile(team).dimensions[0]).toMatchObject({ members: 1, mean: 3, min: 3, max: 3, spread: 0 });
  });
});
