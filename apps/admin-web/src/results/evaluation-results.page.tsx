import type { Schemas } from '@teamfit/api-client';
import { attempt, type Outcome, useConsole } from '../app/console-context';
import { ScoreBar } from '../charts/score-bar.component';
import { PageHeading } from '../common/page-heading.component';
import { Link, ProblemAlert } from '@teamfit/web-ui';
import { useOutcome } from '../common/use-outcome';
import { personaPath, teamPath } from '../routing/paths';
import type { PageProps } from '../routing/route-table';
import { ComparePeople } from './compare-people.component';
import { CompareTeam } from './compare-team.component';
import { DimensionGroups } from './dimension-groups.component';
import { categoryWords, durationWords, validityNotes } from './report-model';
import { TeamMatch } from './team-match.component';
import './report.css';

interface Report {
  evaluation: Schemas['EvaluationDto'];
  persona: Schemas['PersonaDto'] | null;
}

const personaName = (persona: Schemas['PersonaDto'] | null): string | null => {
  const user = persona?.user;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return name || user?.username || null;
};

/**
 * An evaluation's results (`/evaluations/:id`): the overall score, the validity measures in words,
 * each dimension against the team (charts grouped by score type, each with its table), then the
 * team-match, compare-team and compare-people tools. Printing gives the candidate's report: the
 * print stylesheet (report.css) drops the tools and the console around it.
 */
export function EvaluationResultsPage({ params }: PageProps) {
  const { client, session } = useConsole();
  const id = params['id'] ?? '';
  const [loaded] = useOutcome<Report>(async (): Promise<Outcome<Report>> => {
    const evaluation = await attempt(session, () => client.GET('/evaluation/evaluation/{id}', { params: { path: { id } } }));
    if (!evaluation.ok) return evaluation;
    const persona = await attempt(session, () =>
      client.GET('/profile/persona/{id}', { params: { path: { id: evaluation.data.personaId } } }),
    );
    return { ok: true, response: evaluation.response, data: { evaluation: evaluation.data, persona: persona.ok ? persona.data : null } };
  }, [client, session, id]);

  if (loaded.state === 'loading' || !loaded.outcome.ok) {
    return (
      <section>
        <PageHeading>Evaluation results</PageHeading>
        <ProblemAlert problem={loaded.state === 'done' && !loaded.outcome.ok ? loaded.outcome.problem : null} />
        {loaded.state === 'loading' ? <p role="status">Loading the results…</p> : null}
      </section>
    );
  }
  const { evaluation, persona } = loaded.outcome.data;
  const name = personaName(persona);
  const title = name ? `Results of ${name}` : 'Evaluation results';
  const results = evaluation.results;
  if (evaluation.status !== 'complete' || !results) {
    return (
      <section>
        <PageHeading>{title}</PageHeading>
        <p>
          This evaluation is not complete yet: {evaluation.progress.answered} of {evaluation.progress.total} questions answered. The results
          appear here once the last answer is in.
        </p>
      </section>
    );
  }
  const validity = validityNotes(results.validity);
  return (
    <article className="report">
      <PageHeading>{title}</PageHeading>
      <p className="meta">
        <Link to={personaPath(evaluation.personaId)}>The person’s profile</Link> · <Link to={teamPath(evaluation.teamId)}>The team</Link>
      </p>
      <div className="actions no-print">
        <button type="button" className="secondary" onClick={() => window.print()}>
          Print the report (or save it as PDF)
        </button>
      </div>
      <section aria-labelledby="overall-title">
        <h2 id="overall-title">Overall</h2>
        <dl className="facts">
          <dt>Overall score</dt>
          <dd data-testid="overall-score">
            <ScoreBar score={results.overallScore} label="Overall score" />
          </dd>
          <dt>Category</dt>
          <dd data-testid="overall-category">{categoryWords(results.overallCategory)}</dd>
          <dt>Team members compared with</dt>
          <dd data-testid="team-size">{results.teamSize}</dd>
          <dt>Time taken</dt>
          <dd>{durationWords(results.totalTimeTaken)}</dd>
          <dt>Scoring version</dt>
          <dd>{results.scoringVersion}</dd>
        </dl>
      </section>
      <section aria-labelledby="validity-title">
        <h2 id="validity-title">How far the answers can be trusted</h2>
        <p data-testid="validity-summary" className={validity.flagged ? 'problem' : 'notice'}>
          {validity.summary}
        </p>
        <dl className="facts">
          {validity.notes.map((note) => (
            <div key={note.measure}>
              <dt>{note.measure}</dt>
              <dd>
                {note.value}. {note.explanation}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="dimensions-title">
        <h2 id="dimensions-title">Each dimension against the team</h2>
        <p>
          Levels are on the 1 to 5 answer scale; each dimension’s score (0 to 100) is how well the candidate’s level fits the team in that
          dimension’s way of scoring.
        </p>
        <DimensionGroups dimensions={results.dimensions} idPrefix="dimensions" />
      </section>
      <TeamMatch evaluationId={evaluation.id} teamId={evaluation.teamId} />
      <CompareTeam evaluationId={evaluation.id} ownTeamId={evaluation.teamId} />
      <ComparePeople evaluationId={evaluation.id} />
    </article>
  );
}
