import type { ApiProblem, Schemas } from '@teamfit/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { attempt, useConsole } from '../app/console-context';
import { totalCountOf } from '../common/list-query';

type Team = Schemas['AlgorithmTeamDto'];

/** Teams fetched per page for a choice: the API's largest page. */
export const TEAM_CHOICES_PER_PAGE = 100;

export interface TeamChoices {
  teams: Team[];
  /** All teams there are (X-Total-Count), once the first page arrived. */
  total: number | null;
  loading: boolean;
  problem: ApiProblem | null;
  /** Fetches the next page of teams, when there is one. */
  loadMore: () => void;
  /** The team's name when it was fetched, else "Team <id>". */
  nameOf: (id: number) => string;
}

/**
 * The teams to choose from (an invitation's team), a page at a time: the first page at once, the
 * next ones when asked for, never the whole list in one call.
 */
export function useTeamChoices(): TeamChoices {
  const { client, session } = useConsole();
  const [teams, setTeams] = useState<Team[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const nextPage = useRef(1);
  const mounted = useRef(true);

  const load = useCallback(async () => {
    setLoading(true);
    const page = nextPage.current;
    const outcome = await attempt(session, () =>
      client.GET('/evaluation/algorithm/teams', { params: { query: { page, limit: TEAM_CHOICES_PER_PAGE } } }),
    );
    if (!mounted.current) return;
    setLoading(false);
    if (!outcome.ok) return setProblem(outcome.problem);
    setProblem(null);
    nextPage.current = page + 1;
    setTeams((current) => [...current, ...outcome.data.filter((team) => !current.some((known) => known.id === team.id))]);
    setTotal(totalCountOf(outcome.response));
  }, [client, session]);

  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  return {
    teams,
    total,
    loading,
    problem,
    loadMore: () => {
      if (!loading && (total === null || teams.length < total)) void load();
    },
    nameOf: (id) => teams.find((team) => team.id === id)?.name ?? `Team ${id}`,
  };
}
