import { TableScroll } from '../common/table-scroll.component';
import type { Schemas } from '@teamfit/api-client';
import { numberWords } from '../charts/chart-scale';
import { ScoreBar } from '../charts/score-bar.component';
import { categoryWords, isRoleScore, roleElementWords } from './report-model';

type RoleMatch = Schemas['RoleMatchScoreDto'] | Schemas['RoleMatchErrorDto'] | null;

/** The role match as the API answered it: its score and each criterion's points, or why there is none. */
export function RoleMatchView({ roleMatch, idPrefix }: { roleMatch: RoleMatch; idPrefix: string }) {
  if (!roleMatch) return <p>No role match: the role has no specification of criteria.</p>;
  if (!isRoleScore(roleMatch))
    return (
      <p>
        No role match for role {roleMatch.roleId}: {roleMatch.error}.
      </p>
    );
  return (
    <>
      <dl className="facts">
        <dt>Role match</dt>
        <dd data-testid={`${idPrefix}-role-score`}>
          <ScoreBar score={roleMatch.score} label="Role match" /> – {categoryWords(roleMatch.scoreCategory)}
        </dd>
        <dt>Experience</dt>
        <dd>{roleMatch.experienceScore === null ? 'no experience criterion' : `${numberWords(roleMatch.experienceScore)} of 100`}</dd>
        <dt>Goals</dt>
        <dd>{roleMatch.goalScore === null ? 'no goal criterion' : `${numberWords(roleMatch.goalScore)} of 100`}</dd>
      </dl>
      {roleMatch.breakdown.length > 0 ? (
        <TableScroll label="The role match, criterion by criterion">
          <table className="data-table">
            <caption>The role match, criterion by criterion</caption>
            <thead>
              <tr>
                <th scope="col">Criterion</th>
                <th scope="col">From</th>
                <th scope="col">Priority</th>
                <th scope="col">Match</th>
                <th scope="col">Points</th>
              </tr>
            </thead>
            <tbody>
              {roleMatch.breakdown.map((element) => (
                <tr key={`${element.source}-${element.name}`}>
                  <th scope="row">{roleElementWords[element.name] ?? element.name}</th>
                  <td>{element.source === 'goal' ? 'goals' : 'experience'}</td>
                  <td>{element.priority}</td>
                  <td>{numberWords(element.percentageMatch * 100)}%</td>
                  <td>
                    {numberWords(element.points)} of {numberWords(element.maxPoints)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </>
  );
}

/** The combined score: the API's, with the weight it used. */
export function CombinedView({ combined, idPrefix }: { combined: Schemas['CombinedScoreDto'] | null; idPrefix: string }) {
  if (!combined) return null;
  return (
    <dl className="facts">
      <dt>Combined</dt>
      <dd data-testid={`${idPrefix}-combined-score`}>
        <ScoreBar score={combined.score} label="Combined score" /> – {categoryWords(combined.scoreCategory)} (role weighted{' '}
        {numberWords(combined.roleWeight)}%)
      </dd>
    </dl>
  );
}
