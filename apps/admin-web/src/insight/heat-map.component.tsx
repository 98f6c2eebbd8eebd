import { TableScroll } from '../common/table-scroll.component';
import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { useEffect, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { numberWords } from '../charts/chart-scale';
import { Link, ProblemAlert } from '@teamfit/web-ui';
import { evaluationPath, personaPath } from '../routing/paths';
import { HEAT_LEVEL_WORDS, heatLevel, type HeatMap, heatMapOf, latestCompleted } from './heat-map-model';

/** Members a page of the heat map shows: each costs two calls of /evaluation, which the gateway rate-limits. */
export const HEAT_MAP_PAGE = 6;

const nameOf = (persona: Schemas['PersonaDto'] | null, fallback: string): string => {
  const user = persona?.user;
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.username || fallback;
};

/**
 * The team's heat map: one row per member, one column per dimension, each cell the member's level
 * (1 to 5, from their latest completed evaluation) printed and coloured by its band. It is a table,
 * so a screen reader reads it cell by cell with its headers.
 */
export function TeamHeatMap({ memberPersonaIds }: { memberPersonaIds: readonly string[] }) {
  const { client, session } = useConsole();
  const [page, setPage] = useState(1);
  const [map, setMap] = useState<HeatMap | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const pages = Math.max(1, Math.ceil(memberPersonaIds.length / HEAT_MAP_PAGE));
  const shown = memberPersonaIds.slice((page - 1) * HEAT_MAP_PAGE, page * HEAT_MAP_PAGE);

  useEffect(() => {
    let current = true;
    setMap(null);
    void (async () => {
      const members: Parameters<typeof heatMapOf>[0][number][] = [];
      for (const personaId of shown) {
        const persona = await attempt(session, () => client.GET('/profile/persona/{id}', { params: { path: { id: personaId } } }));
        const list = await attempt(session, () =>
          client.GET('/evaluation/evaluation', { params: { query: { personaId, status: 'complete' } } }),
        );
        if (!list.ok) return current && setProblem(list.problem);
        const latest = latestCompleted(list.data.items);
        let evaluation: Schemas['EvaluationDto'] | null = null;
        if (latest) {
          const one = await attempt(session, () => client.GET('/evaluation/evaluation/{id}', { params: { path: { id: latest.id } } }));
          if (!one.ok) return current && setProblem(one.problem);
          evaluation = one.data;
        }
        members.push({ personaId, name: nameOf(persona.ok ? persona.data : null, `Person ${personaId.slice(0, 8)}`), evaluation });
      }
      if (current) {
        setProblem(null);
        setMap(heatMapOf(members));
      }
    })();
    return () => {
      current = false;
    };
    // The page's members are what it loads; `shown` is derived from them.
  }, [client, session, page, memberPersonaIds.join(',')]);

  if (memberPersonaIds.length === 0) return <p>The team has no members yet.</p>;
  return (
    <>
      <ProblemAlert problem={problem} />
      {map ? (
        <TableScroll label="Heat map of the members’ levels">
          <table className="data-table heat-map" data-testid="heat-map">
            <caption>
              Levels of the members on each dimension (1 very low to 5 very high){pages > 1 ? `, members page ${page} of ${pages}` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                {map.dimensions.map((dimension) => (
                  <th scope="col" key={dimension.questionGroupId}>
                    {dimension.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {map.members.map((member) => (
                <tr key={member.personaId}>
                  <th scope="row">
                    <Link to={personaPath(member.personaId)}>{member.name}</Link>
                    {member.evaluationId ? (
                      <>
                        {' '}
                        (<Link to={evaluationPath(member.evaluationId)}>results</Link>)
                      </>
                    ) : (
                      ' (no completed evaluation)'
                    )}
                  </th>
                  {map.dimensions.map((dimension) => {
                    const level = member.levels.get(dimension.questionGroupId) ?? null;
                    const band = heatLevel(level);
                    return (
                      <td key={dimension.questionGroupId} className={band ? `heat-${band}` : 'heat-none'}>
                        {numberWords(level, '–')}
                        {band ? (
                          <span className="visually-hidden"> ({HEAT_LEVEL_WORDS[band]})</span>
                        ) : (
                          <span className="visually-hidden"> no level</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : problem ? null : (
        <p role="status">Loading the members’ levels…</p>
      )}
      {pages > 1 ? (
        <div className="actions">
          <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous members
          </button>
          <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next members
          </button>
        </div>
      ) : null}
    </>
  );
}
