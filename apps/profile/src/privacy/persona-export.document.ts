import { ServiceRequestExportReader, type ExportedCommentRow, type ExportedServiceRequestRow } from '@teamfit/accounts';
import { ApiCallExportReader, type ExportedApiCallRow } from '@teamfit/common';
import type { ReadSnapshot } from '@teamfit/database';
import {
  type EvaluationResultsDto,
  EvaluationExportReader,
  type ExportedAnswerRow,
  type ExportedEvaluationRow,
  type ExportedQuestionRow,
} from '@teamfit/evaluations';
import type { PersonaRow } from '@teamfit/personas';
import type { DemographicsDto } from '../demographics/demographics.dto';
import { mapPersona } from '../personas/persona.mapper';
import {
  PERSONA_EXPORT_FORMAT_VERSION,
  type PersonaExportAlgorithmTeamDto,
  type PersonaExportApiCallDto,
  type PersonaExportEvaluationDto,
  type PersonaExportExperienceDto,
  type PersonaExportGoalsDto,
  type PersonaExportProfileTeamDto,
  type PersonaExportQuestionDto,
  type PersonaExportServiceRequestDto,
  type PersonaExportSessionDto,
  type PersonaExportSignInCodeDto,
  type PersonaExportSignInDto,
} from './persona-export.dto';
import type {
  ExportedProfileTeamRow,
  ExportedSessionRow,
  ExportedSignInCodeRow,
  PersonaExportRepository,
} from './persona-export.repository';

/** Rows fetched at a time; evaluations come fewer at a time, each carrying all its questions. */
const BATCH = 200;
const EVALUATION_BATCH = 20;
/** Text is handed to the response in pieces of about this size, not one write per value. */
const CHUNK_CHARS = 16 * 1024;

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
const json = (value: unknown): string => JSON.stringify(value);

export interface ExportSource {
  snapshot: ReadSnapshot;
  persona: PersonaRow;
  profile: PersonaExportRepository;
  exportedAt: Date;
}

/**
 * The export document (PersonaExportDto), written as it is read: each part is fetched a batch at
 * a time from one snapshot, turned into JSON and handed on before the next batch is fetched, so
 * the memory it takes is a batch, whatever the persona has accumulated.
 */
export async function* personaExportDocument(source: ExportSource): AsyncGenerator<string, void, undefined> {
  yield* inChunks(documentParts(source));
}

async function* documentParts({ snapshot, persona, profile, exportedAt }: ExportSource): AsyncGenerator<string, void, undefined> {
  const evaluations = new EvaluationExportReader(snapshot);
  const serviceRequests = new ServiceRequestExportReader(snapshot);
  const apiCalls = new ApiCallExportReader(snapshot);
  const id = persona.id;

  yield `{"formatVersion":${PERSONA_EXPORT_FORMAT_VERSION},"exportedAt":${json(iso(exportedAt))},"persona":${json(mapPersona(persona))}`;
  const declared = await profile.demographics(snapshot, id);
  const demographics: DemographicsDto | null = declared ? { ...declared, consent: true, consentedAt: iso(declared.consentedAt) } : null;
  yield `,"demographics":${json(demographics)}`;

  yield ',"signIn":{"codes":';
  yield* jsonArray(profile.signInCodes(snapshot, id, BATCH), (rows) => rows.map(signInCode));
  yield ',"sessions":';
  yield* jsonArray(profile.sessions(snapshot, id, BATCH), (rows) => rows.map(session));
  const lock = await profile.signInLock(snapshot, id);
  const change = await profile.pendingEmailChange(snapshot, id);
  const rest: Pick<PersonaExportSignInDto, 'lock' | 'pendingEmailChange'> = {
    lock: lock ? { consecutiveFailures: lock.consecutiveFailures, lockedUntil: isoOrNull(lock.lockedUntil) } : null,
    pendingEmailChange: change
      ? { field: change.field, newAddress: change.newAddress, requestedAt: iso(change.createdAt), expiresAt: iso(change.expiresAt) }
      : null,
  };
  yield `,"lock":${json(rest.lock)},"pendingEmailChange":${json(rest.pendingEmailChange)}}`;

  yield ',"profileTeams":';
  yield* jsonArray(profile.profileTeams(snapshot, id, BATCH), (rows) => rows.map(profileTeam));
  yield ',"algorithmTeams":';
  yield* jsonArray(evaluations.algorithmTeams(id, BATCH), (rows): PersonaExportAlgorithmTeamDto[] => rows);
  const experience: PersonaExportExperienceDto | null = await evaluations.experience(persona.userNumber);
  const goals: PersonaExportGoalsDto | null = await evaluations.goals(persona.userNumber);
  yield `,"experience":${json(experience)},"goals":${json(goals)}`;

  yield ',"evaluations":';
  // Question sets by version, each read once: a persona's evaluations share a few versions.
  const versions = new Map<number, ExportedQuestionRow[]>();
  yield* jsonArray(evaluations.evaluations(id, EVALUATION_BATCH), async (rows) => {
    for (const version of new Set(rows.map((row) => row.questionnaireVersionId))) {
      if (!versions.has(version)) versions.set(version, await evaluations.questionsOf(version));
    }
    return withQuestions(rows, versions, await evaluations.answersOf(rows.map((row) => row.id)));
  });
  yield ',"serviceRequests":';
  yield* jsonArray(serviceRequests.requests(id, BATCH), async (rows) =>
    withComments(rows, await serviceRequests.publicComments(rows.map((row) => row.id))),
  );
  yield ',"apiCalls":';
  const emailAddresses = [persona.emailAddress, persona.userEmailAddress, rest.pendingEmailChange?.newAddress].filter(
    (address): address is string => !!address,
  );
  yield* jsonArray(apiCalls.calls({ personaId: id, emailAddresses }, BATCH), (rows) => rows.map(apiCall));
  yield '}';
}

/** A JSON array of everything the batches hold, written a batch at a time. */
async function* jsonArray<Row>(
  batches: AsyncIterable<Row[]>,
  map: (rows: Row[]) => unknown[] | Promise<unknown[]>,
): AsyncGenerator<string, void, undefined> {
  let written = 0;
  yield '[';
  for await (const rows of batches) {
    const items = await map(rows);
    if (items.length === 0) continue;
    yield (written > 0 ? ',' : '') + items.map(json).join(',');
    written += items.length;
  }
  yield ']';
}

/** Many small pieces of text as fewer, larger ones (each piece would otherwise be a write and an HTTP chunk). */
async function* inChunks(parts: AsyncIterable<string>): AsyncGenerator<string, void, undefined> {
  let pending = '';
  for await (const part of parts) {
    pending += part;
    if (pending.length >= CHUNK_CHARS) {
      yield pending;
      pending = '';
    }
  }
  if (pending !== '') yield pending;
}

const signInCode = (row: ExportedSignInCodeRow): PersonaExportSignInCodeDto => ({
  emailAddress: row.emailAddress,
  requestedAt: iso(row.createdAt),
  expiresAt: iso(row.expiresAt),
  usedAt: isoOrNull(row.consumedAt),
  supersededAt: isoOrNull(row.supersededAt),
});

const session = (row: ExportedSessionRow): PersonaExportSessionDto => ({
  startedAt: iso(row.startedAt),
  lastRefreshedAt: iso(row.lastRefreshedAt),
  endsAt: iso(row.endsAt),
  revokedAt: isoOrNull(row.revokedAt),
});

const profileTeam = (row: ExportedProfileTeamRow): PersonaExportProfileTeamDto => ({
  _id: row.id,
  organisation_id: row.organisationId,
  teamName: row.teamName,
  teamDescription: row.teamDescription,
  roleName: row.roleName,
  member: row.member,
  manager: row.manager,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

function withQuestions(
  rows: ExportedEvaluationRow[],
  versions: ReadonlyMap<number, ExportedQuestionRow[]>,
  answers: ExportedAnswerRow[],
): PersonaExportEvaluationDto[] {
  const byEvaluation = new Map<string, Map<number, ExportedAnswerRow>>();
  for (const answer of answers) {
    const given = byEvaluation.get(answer.evaluationId) ?? new Map<number, ExportedAnswerRow>();
    given.set(answer.questionId, answer);
    byEvaluation.set(answer.evaluationId, given);
  }
  return rows.map((row) => {
    const given = byEvaluation.get(row.id);
    return {
      id: row.id,
      algorithmTeamId: row.teamId,
      algorithmTeamName: row.teamName,
      status: row.status,
      answered: row.answered,
      total: row.total,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      completedAt: isoOrNull(row.completedAt),
      questions: (versions.get(row.questionnaireVersionId) ?? []).map((fixed) => question(fixed, given?.get(fixed.id))),
      results: (row.results ?? null) as EvaluationResultsDto | null,
      invitations: row.invitedAt.map((invitedAt) => ({ invitedAt: iso(invitedAt) })),
      reviews: row.reviews.map(({ createdMs, ...review }) => ({ ...review, createdAt: iso(new Date(createdMs)) })),
    };
  });
}

const question = (row: ExportedQuestionRow, answer: ExportedAnswerRow | undefined): PersonaExportQuestionDto => ({
  order: row.order,
  id: row.id,
  text: row.text,
  summary: row.summary,
  type: row.type,
  likertAnswerSet: row.likertAnswerSet,
  questionGroupId: row.questionGroupId,
  questionGroupName: row.questionGroupName,
  questionGroupTitle: row.questionGroupTitle,
  answer: answer ? { value: answer.value, timeTaken: answer.timeTaken, answeredAt: iso(answer.answeredAt) } : null,
});

function withComments(rows: ExportedServiceRequestRow[], comments: ExportedCommentRow[]): PersonaExportServiceRequestDto[] {
  const byRequest = groupBy(comments, (comment) => comment.requestId);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    status: row.status,
    priority: row.priority,
    urgency: row.urgency,
    impact: row.impact,
    category: row.category,
    firstResponseAt: isoOrNull(row.firstResponseAt),
    resolvedAt: isoOrNull(row.resolvedAt),
    closedAt: isoOrNull(row.closedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: isoOrNull(row.deletedAt),
    comments: (byRequest.get(row.id) ?? []).map((comment) => ({
      _id: comment.id,
      authorType: comment.authorType,
      text: comment.text,
      createdAt: iso(comment.createdAt),
    })),
  }));
}

const apiCall = (row: ExportedApiCallRow): PersonaExportApiCallDto => ({
  ...row,
  startTime: iso(row.startTime),
  endTime: iso(row.endTime),
});

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
