// GET /persona/:id/export, described for OpenAPI: one JSON document with everything the platform
// holds about a persona. The field names are a published format (formatVersion 1): a change to
// them is a new version. Each class mirrors what persona-export.document.ts writes; its mapping
// functions return these types, so the compiler holds the two together.
import { ApiProperty } from '@nestjs/swagger';
import { type ExportedCaller, OBJECT_ID } from '@teamfit/common';
import { EVALUATION_STATUSES, type EvaluationStatus, EvaluationResultsDto } from '@teamfit/evaluations';
import { PersonaDto } from '../personas/persona.dto';
import { DemographicsDto } from '../demographics/demographics.dto';

const TIMESTAMP = { type: String, format: 'date-time' } as const;
const OPTIONAL_TIMESTAMP = { type: String, format: 'date-time', nullable: true } as const;
const OPTIONAL_TEXT = { type: String, nullable: true } as const;

export const PERSONA_EXPORT_FORMAT_VERSION = 1;

// ----- profile service -----

/** A sign-in code the persona asked for (the code itself is never stored, only a keyed hash). */
export class PersonaExportSignInCodeDto {
  @ApiProperty({ format: 'email', description: 'Where the code was sent' }) emailAddress!: string;
  @ApiProperty(TIMESTAMP) requestedAt!: string;
  @ApiProperty(TIMESTAMP) expiresAt!: string;
  @ApiProperty({ ...OPTIONAL_TIMESTAMP, description: 'When it was used to sign in' }) usedAt!: string | null;
  @ApiProperty({ ...OPTIONAL_TIMESTAMP, description: 'When a newer code replaced it' }) supersededAt!: string | null;
}

/** A signed-in session (one refresh-token family; the tokens are stored only as hashes). */
export class PersonaExportSessionDto {
  @ApiProperty(TIMESTAMP) startedAt!: string;
  @ApiProperty({ ...TIMESTAMP, description: 'The last time its refresh token was issued or rotated' }) lastRefreshedAt!: string;
  @ApiProperty({ ...TIMESTAMP, description: 'The session ends then, however often it is refreshed' }) endsAt!: string;
  @ApiProperty({ ...OPTIONAL_TIMESTAMP, description: 'Signed out, or revoked' }) revokedAt!: string | null;
}

export class PersonaExportSignInLockDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Wrong codes in a row' }) consecutiveFailures!: number;
  @ApiProperty(OPTIONAL_TIMESTAMP) lockedUntil!: string | null;
}

/** A new address the persona asked to use and has not confirmed yet. */
export class PersonaExportEmailChangeDto {
  @ApiProperty({ enum: ['emailAddress', 'user.emailAddress'] }) field!: string;
  @ApiProperty({ format: 'email' }) newAddress!: string;
  @ApiProperty(TIMESTAMP) requestedAt!: string;
  @ApiProperty(TIMESTAMP) expiresAt!: string;
}

export class PersonaExportSignInDto {
  @ApiProperty({ type: PersonaExportSignInCodeDto, isArray: true, description: 'Oldest first' }) codes!: PersonaExportSignInCodeDto[];
  @ApiProperty({ type: PersonaExportSessionDto, isArray: true, description: 'Oldest first' }) sessions!: PersonaExportSessionDto[];
  @ApiProperty({ type: PersonaExportSignInLockDto, nullable: true, description: 'null: no wrong code on record' })
  lock!: PersonaExportSignInLockDto | null;
  @ApiProperty({ type: PersonaExportEmailChangeDto, nullable: true }) pendingEmailChange!: PersonaExportEmailChangeDto | null;
}

/** A profile team the persona is a member or a manager of (the other people in it are not the persona's data). */
export class PersonaExportProfileTeamDto {
  @ApiProperty({ pattern: OBJECT_ID.source }) _id!: string;
  organisation_id!: string;
  teamName!: string;
  @ApiProperty(OPTIONAL_TEXT) teamDescription!: string | null;
  @ApiProperty(OPTIONAL_TEXT) roleName!: string | null;
  @ApiProperty({ description: "The persona is in the team's memberIds" }) member!: boolean;
  @ApiProperty({ description: "The persona is in the team's managers" }) manager!: boolean;
  @ApiProperty(TIMESTAMP) createdAt!: string;
  @ApiProperty(TIMESTAMP) updatedAt!: string;
}

// ----- evaluation service -----

/** An algorithm team the persona is a member of. */
export class PersonaExportAlgorithmTeamDto {
  @ApiProperty({ type: 'integer' }) id!: number;
  name!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) organisationId!: string | null;
}

export class PersonaExportAnswerDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5 }) value!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Seconds' }) timeTaken!: number;
  @ApiProperty(TIMESTAMP) answeredAt!: string;
}

/** A question as the evaluation fixed and served it, with the persona's answer. */
export class PersonaExportQuestionDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Position in delivery order, from 0' }) order!: number;
  @ApiProperty({ type: 'integer' }) id!: number;
  text!: string;
  @ApiProperty(OPTIONAL_TEXT) summary!: string | null;
  type!: string;
  @ApiProperty(OPTIONAL_TEXT) likertAnswerSet!: string | null;
  @ApiProperty({ type: 'integer' }) questionGroupId!: number;
  questionGroupName!: string;
  questionGroupTitle!: string;
  @ApiProperty({ type: PersonaExportAnswerDto, nullable: true, description: 'null: not answered' }) answer!: PersonaExportAnswerDto | null;
}

/** An invitation to an evaluation: when it was e-mailed (the address was the persona's own sign-in address). */
export class PersonaExportInvitationDto {
  @ApiProperty(TIMESTAMP) invitedAt!: string;
}

/**
 * A human review of an evaluation (an administrator's) or the persona's contest of it
 * (POST /evaluation/evaluation/{id}/reviews and /contest); a contest is resolved by the next review.
 * Which administrator reviewed is left out, as everywhere in the export.
 */
export class PersonaExportReviewDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['REVIEW', 'CONTEST'] }) kind!: 'REVIEW' | 'CONTEST';
  @ApiProperty({ enum: ['CONFIRMED', 'OVERRIDDEN', 'EXCLUDED'], nullable: true, description: 'A review’s decision; null for a contest' })
  decision!: 'CONFIRMED' | 'OVERRIDDEN' | 'EXCLUDED' | null;
  @ApiProperty({ type: 'number', nullable: true, description: 'OVERRIDDEN: the overall score the reviewer decided' })
  overallScore!: number | null;
  @ApiProperty(OPTIONAL_TEXT) reason!: string | null;
  @ApiProperty(OPTIONAL_TEXT) message!: string | null;
  @ApiProperty(TIMESTAMP) createdAt!: string;
}

export class PersonaExportEvaluationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'integer' }) algorithmTeamId!: number;
  algorithmTeamName!: string;
  @ApiProperty({ enum: EVALUATION_STATUSES }) status!: EvaluationStatus;
  @ApiProperty({ type: 'integer', minimum: 0 }) answered!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Questions in this evaluation' }) total!: number;
  @ApiProperty(TIMESTAMP) createdAt!: string;
  @ApiProperty(TIMESTAMP) updatedAt!: string;
  @ApiProperty(OPTIONAL_TIMESTAMP) completedAt!: string | null;
  @ApiProperty({ type: PersonaExportQuestionDto, isArray: true, description: 'Every question of the evaluation, in delivery order' })
  questions!: PersonaExportQuestionDto[];
  @ApiProperty({ type: EvaluationResultsDto, nullable: true, description: 'As stored at completion; null until then' })
  results!: EvaluationResultsDto | null;
  @ApiProperty({
    type: PersonaExportInvitationDto,
    isArray: true,
    description: 'Every invitation to it an administrator sent (POST /evaluation/evaluation/{id}/invitation), oldest first',
  })
  invitations!: PersonaExportInvitationDto[];
  @ApiProperty({ type: PersonaExportReviewDto, isArray: true, description: 'Its human reviews and contests, in the order recorded' })
  reviews!: PersonaExportReviewDto[];
}

/** An entry of a lookup (industries, skills, …); name null when the entry has since been deleted. */
export class PersonaExportLookupDto {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty(OPTIONAL_TEXT) name!: string | null;
}

/** The experience record of the persona's algorithm user id (`persona.user.id`). */
export class PersonaExportExperienceDto {
  @ApiProperty({ type: 'integer' }) userId!: number;
  @ApiProperty({ type: PersonaExportLookupDto, isArray: true }) industries!: PersonaExportLookupDto[];
  @ApiProperty({ type: PersonaExportLookupDto, isArray: true }) functions!: PersonaExportLookupDto[];
  @ApiProperty({ type: PersonaExportLookupDto, isArray: true }) skills!: PersonaExportLookupDto[];
  @ApiProperty({ type: PersonaExportLookupDto, isArray: true }) studyMajors!: PersonaExportLookupDto[];
  @ApiProperty({ type: PersonaExportLookupDto, nullable: true }) professionalYears!: PersonaExportLookupDto | null;
  @ApiProperty({ type: PersonaExportLookupDto, nullable: true }) educationLevel!: PersonaExportLookupDto | null;
}

/** The goal record of the persona's algorithm user id (`persona.user.id`). */
export class PersonaExportGoalsDto {
  @ApiProperty({ type: 'integer' }) userId!: number;
  @ApiProperty({ type: PersonaExportLookupDto, isArray: true }) industries!: PersonaExportLookupDto[];
  @ApiProperty({ type: PersonaExportLookupDto, isArray: true }) functions!: PersonaExportLookupDto[];
  @ApiProperty({ type: PersonaExportLookupDto, isArray: true }) skills!: PersonaExportLookupDto[];
  @ApiProperty({ type: PersonaExportLookupDto, isArray: true }) locations!: PersonaExportLookupDto[];
}

// ----- organisation service -----

/** A public comment (the support team's internal notes are not the requester's to see). */
export class PersonaExportCommentDto {
  _id!: string;
  @ApiProperty({ enum: ['ADMIN', 'REQUESTER'], description: 'ADMIN: the support team' }) authorType!: string;
  text!: string;
  @ApiProperty(TIMESTAMP) createdAt!: string;
}

/** A service request the persona filed with its own token, as the hub shows it. */
export class PersonaExportServiceRequestDto {
  _id!: string;
  title!: string;
  @ApiProperty(OPTIONAL_TEXT) description!: string | null;
  type!: string;
  status!: string;
  priority!: string;
  @ApiProperty(OPTIONAL_TEXT) urgency!: string | null;
  @ApiProperty(OPTIONAL_TEXT) impact!: string | null;
  @ApiProperty(OPTIONAL_TEXT) category!: string | null;
  @ApiProperty(OPTIONAL_TIMESTAMP) firstResponseAt!: string | null;
  @ApiProperty(OPTIONAL_TIMESTAMP) resolvedAt!: string | null;
  @ApiProperty(OPTIONAL_TIMESTAMP) closedAt!: string | null;
  @ApiProperty(TIMESTAMP) createdAt!: string;
  @ApiProperty(TIMESTAMP) updatedAt!: string;
  @ApiProperty({ ...OPTIONAL_TIMESTAMP, description: 'Deleted by an administrator; the record is still held' }) deletedAt!: string | null;
  @ApiProperty({ type: PersonaExportCommentDto, isArray: true, description: 'Public comments, oldest first' })
  comments!: PersonaExportCommentDto[];
}

// ----- the API-call log -----

/**
 * An entry of the API-call log: a call the persona made with its own access token, or a call an
 * account made whose path, parameters, query or body carries the persona's id or e-mail address.
 */
export class PersonaExportApiCallDto {
  @ApiProperty({
    enum: ['self', 'administrator', 'account'],
    enumName: 'PersonaExportApiCaller',
    description:
      'Who made the call: the persona itself (its own access token), an administrator, or another account of the organisation ' +
      '(which one is not said). Calls without a verified access token and calls by other personas are not exported.',
  })
  caller!: ExportedCaller;
  @ApiProperty({ description: 'The service that answered' }) service!: string;
  @ApiProperty(TIMESTAMP) startTime!: string;
  @ApiProperty(TIMESTAMP) endTime!: string;
  @ApiProperty({ type: 'number', description: 'Milliseconds' }) processingTime!: number;
  method!: string;
  @ApiProperty({ description: 'Path and query; in a call by someone else, ids and addresses of other people are `[someone else]`' })
  url!: string;
  httpVersion!: string;
  @ApiProperty({ type: 'integer' }) statusCode!: number;
  @ApiProperty({ ...OPTIONAL_TEXT, description: 'The caller’s network address: the persona’s own calls only, null for calls by others' })
  remoteAddress!: string | null;
  @ApiProperty({ ...OPTIONAL_TEXT, description: 'IPv4 or IPv6: the persona’s own calls only, null for calls by others' })
  remoteFamily!: string | null;
  callerApp!: string;
  deviceType!: string;
  @ApiProperty({
    type: String,
    isArray: true,
    description: 'Names and values in turn, secrets redacted before storing: the persona’s own calls only, empty for calls by others',
  })
  rawHeaders!: string[];
  // null, an object or an array: each branch nullable, as OpenAPI 3.0 has no nullable without a type.
  @ApiProperty({
    anyOf: [
      { type: 'object', nullable: true },
      { type: 'array', items: {}, nullable: true },
    ],
    description:
      'The JSON body of a POST or PUT, secrets redacted; reduced to its shape (keys and value types) after REQUEST_LOG_BODY_DAYS. ' +
      'In a call by someone else, ids and addresses of other people are `[someone else]`',
  })
  body!: unknown;
  @ApiProperty({ type: 'object', additionalProperties: true }) params!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) query!: Record<string, unknown>;
}

/** Everything the platform holds about one persona, gathered from every service that holds some. */
export class PersonaExportDto {
  @ApiProperty({ type: 'integer', enum: [PERSONA_EXPORT_FORMAT_VERSION] }) formatVersion!: number;
  @ApiProperty(TIMESTAMP) exportedAt!: string;
  @ApiProperty({ type: PersonaDto }) persona!: PersonaDto;
  @ApiProperty({ type: DemographicsDto, nullable: true, description: 'Self-reported demographics; null when none are declared' })
  demographics!: DemographicsDto | null;
  @ApiProperty({ type: PersonaExportSignInDto }) signIn!: PersonaExportSignInDto;
  @ApiProperty({ type: PersonaExportProfileTeamDto, isArray: true }) profileTeams!: PersonaExportProfileTeamDto[];
  @ApiProperty({ type: PersonaExportAlgorithmTeamDto, isArray: true }) algorithmTeams!: PersonaExportAlgorithmTeamDto[];
  @ApiProperty({ type: PersonaExportExperienceDto, nullable: true }) experience!: PersonaExportExperienceDto | null;
  @ApiProperty({ type: PersonaExportGoalsDto, nullable: true }) goals!: PersonaExportGoalsDto | null;
  @ApiProperty({ type: PersonaExportEvaluationDto, isArray: true, description: 'Oldest first' }) evaluations!: PersonaExportEvaluationDto[];
  @ApiProperty({ type: PersonaExportServiceRequestDto, isArray: true, description: 'Oldest first' })
  serviceRequests!: PersonaExportServiceRequestDto[];
  @ApiProperty({
    type: PersonaExportApiCallDto,
    isArray: true,
    description: 'Oldest first, within the log’s 400 days: the persona’s own calls and what accounts did naming it',
  })
  apiCalls!: PersonaExportApiCallDto[];
}
