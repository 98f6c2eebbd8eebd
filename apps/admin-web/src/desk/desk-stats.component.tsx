import type { Schemas } from '@teamfit/api-client';
import { attempt, useConsole } from '../app/console-context';
import { ProblemAlert } from '@teamfit/web-ui';
import { useOutcome } from '../common/use-outcome';
import { statusWords, type TicketStatus } from './status-transitions';

const countTable = (caption: string, counts: Record<string, number>, words: (key: string) => string = (key) => key) => (
  <table className="data-table">
    <caption>{caption}</caption>
    <tbody>
      {Object.entries(counts).map(([key, count]) => (
        <tr key={key}>
          <th scope="row">{words(key)}</th>
          <td>{count}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

/** The desk's statistics (GET /admin/service-requests/stats): the API's counts, shown as tables. */
export function DeskStats() {
  const { client, session } = useConsole();
  const [loaded] = useOutcome<Schemas['StatsDto']>(
    () => attempt(session, () => client.GET('/admin/service-requests/stats')),
    [client, session],
  );
  if (loaded.state === 'loading') return <p role="status">Loading the statistics…</p>;
  if (!loaded.outcome.ok) return <ProblemAlert problem={loaded.outcome.problem} />;
  const stats = loaded.outcome.data;
  return (
    <section aria-labelledby="desk-stats-title">
      <h2 id="desk-stats-title">Statistics</h2>
      <p data-testid="desk-stats-total">
        {stats.total} tickets, {stats.slaBreached} past their due time.
      </p>
      <div className="stats-tables">
        {countTable('By status', stats.byStatus, (key) => statusWords(key as TicketStatus))}
        {countTable('By type', stats.byType)}
        {countTable('By priority', stats.byPriority)}
      </div>
    </section>
  );
}
