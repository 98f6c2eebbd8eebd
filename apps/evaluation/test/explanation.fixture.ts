import {
  compactQuestionnaire,
  relayoutValues,
  TeamAggregate,
  teamInputsOf,
  type TeamInputs,
  type WorkstyleInputs,
  type WorkstyleResult,
  workstyleFromInputs,
} from '@teamfit/scoring';
import { Client } from 'pg';
import type {
  EvaluationExplanationDto,
  ExplainedProfileDto,
  ExplanationDimensionDto,
  ExplanationTeamDto,
  ExplanationTeamInputsDto,
} from '../src/explanations/evaluation-explanation.dto';
import type { QuestionSet } from '../src/evaluations/evaluation.types';
import { scoringQuestionnaire } from '../src/evaluations/question-set';

/** An explanation as an administrator reads it: nothing withheld (the persona's may withhold the team's). */
export type AdministratorExplanation = Omit<EvaluationExplanationDto, 'team' | 'dimensions'> & {
  team: ExplanationTeamDto & { profiles: ExplainedProfileDto[]; withheld: null };
  dimensions: Array<ExplanationDimensionDto & { team: ExplanationTeamInputsDto }>;
};

/**
 * The scoring inputs an explanation answer holds (docs/fairness.md, "Explanations"), read from
 * the answer alone: the questionnaire version as scoring reads it, the answers, the team's inputs.
 */
export function inputsOfExplanation(explanation: AdministratorExplanation): WorkstyleInputs {
  return {
    questionnaire: {
      groups: explanation.questionnaireVersion.groups.map(({ id, name, scoreType, weight }) => ({
        id,
        name,
        scoreType,
        ...(weight === null ? {} : { weight }),
      })),
      questions: explanation.questionnaireVersion.questions,
    },
    candidateAnswers: explanation.answers,
    team: {
      teamSize: explanation.team.teamSize,
      dimensions: explanation.dimensions.map((dimension) => ({ questionGroupId: dimension.questionGroupId, ...dimension.team })),
    },
  };
}

/** The result computed again from an explanation answer alone, with libs/scoring, as JSON stores it. */
export function recomputeFromExplanation(explanation: AdministratorExplanation): WorkstyleResult {
  return JSON.parse(JSON.stringify(workstyleFromInputs(inputsOfExplanation(explanation)))) as WorkstyleResult;
}

/**
 * For every completed evaluation in the database: its explanation (GET /evaluation/:id/explanation
 * as an administrator) recomputes to exactly the stored result, and, where the member profiles it
 * names all still exist, summing those profiles gives exactly the team inputs it shows. Evaluations
 * in `recordedBefore` were completed outside the service (written in SQL) and must answer 409.
 * Returns how many explanations were checked, for the caller to assert it checked some.
 */
export async function expectEveryExplanationRecomputes(
  serviceUrl: string,
  databaseUrl: string,
  adminToken: string,
  recordedBefore: readonly string[] = [],
): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; results: WorkstyleResult }>(
      `SELECT id, results FROM evaluation.evaluations WHERE status = 'complete' ORDER BY id`,
    );
    const mismatches: string[] = [];
    let checked = 0;
    for (const row of rows) {
      const response = await fetch(`${serviceUrl}/evaluation/${row.id}/explanation`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      if (recordedBefore.includes(row.id)) {
        if (response.status !== 409) mismatches.push(`${row.id}: expected 409 for an evaluation completed in SQL, got ${response.status}`);
        continue;
      }
      if (response.status !== 200) {
        mismatches.push(`${row.id}: explanation answered ${response.status} ${await response.text()}`);
        continue;
      }
      const explanation = (await response.json()) as AdministratorExplanation;
      checked += 1;
      const recomputed = recomputeFromExplanation(explanation);
      if (canonical(recomputed) !== canonical(row.results) || canonical(explanation.result) !== canonical(row.results)) {
        mismatches.push(`${row.id}: recomputed ${JSON.stringify(recomputed)} but stored ${JSON.stringify(row.results)}`);
      }
      const fromProfiles = await teamOfProfiles(client, explanation);
      if (fromProfiles && canonical(fromProfiles) !== canonical(inputsOfExplanation(explanation).team)) {
        mismatches.push(`${row.id}: the named profiles sum to ${JSON.stringify(fromProfiles)}, the explanation shows other team inputs`);
      }
    }
    expect(mismatches).toEqual([]);
    return checked;
  } finally {
    await client.end();
  }
}

/** JSON with every object's keys sorted (jsonb keeps its own key order): equal text means equal values, -0 and 0 alike as JSON has them. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The team inputs of the profiles an explanation names, re-read through its version; undefined when one no longer exists. */
async function teamOfProfiles(client: Client, explanation: AdministratorExplanation): Promise<TeamInputs | undefined> {
  const ids = explanation.team.profiles.map((profile) => profile.evaluationId);
  const { rows } = await client.query<{ evaluation_id: string; answer_values: Buffer; question_set: QuestionSet }>(
    `SELECT p.evaluation_id, p.answer_values, v.question_set
       FROM evaluation.evaluation_score_profiles p JOIN evaluation.questionnaire_versions v ON v.id = p.questionnaire_version_id
      WHERE p.evaluation_id = ANY ($1::uuid[])`,
    [ids],
  );
  if (rows.length !== ids.length) return undefined;
  const target = compactQuestionnaire(inputsOfExplanation(explanation).questionnaire);
  const team = new TeamAggregate(target);
  for (const row of rows) {
    const own = compactQuestionnaire(scoringQuestionnaire(row.question_set));
    team.addMember(relayoutValues(row.answer_values, own.questionIds, target));
  }
  return teamInputsOf(team);
}
