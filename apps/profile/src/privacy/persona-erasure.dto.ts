import { ApiProperty } from '@nestjs/swagger';

export const ERASURE_STATUSES = ['COMPLETE', 'PENDING'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

const rows = (description: string) => ApiProperty({ type: 'integer', minimum: 0, description });
const finishedAt = () => ApiProperty({ format: 'date-time', description: 'When this part committed' });

/** The profile service's part, done in the request's own transaction. */
export class ProfileErasureCountsDto {
  @finishedAt() completedAt!: string;
  @rows('The persona itself (1)') personas!: number;
  @rows('A pending e-mail address change') emailChanges!: number;
  @rows('Sign-in challenges') loginChallenges!: number;
  @rows('Refresh tokens') refreshTokens!: number;
  @rows('Sign-in failure counters') loginThrottles!: number;
  @rows('Profile teams the persona was a member or manager of (the teams stay)') teamMemberships!: number;
  @rows('Self-reported demographics (0 or 1)') demographics!: number;
}

/** The evaluation service's part. */
export class EvaluationErasureCountsDto {
  @finishedAt() completedAt!: string;
  @rows('Evaluations of the persona') evaluations!: number;
  @rows('Their answers') answers!: number;
  @rows('Their stored score profiles') scoreProfiles!: number;
  @rows('Their human reviews and contests (POST /evaluation/evaluation/{id}/reviews and /contest)') reviews!: number;
  @rows('Algorithm teams the persona was a member of (the teams stay)') teamMemberships!: number;
  @rows('Experience records of its user id (when no other persona has that id)') experiences!: number;
  @rows('Goal records of its user id (when no other persona has that id)') goals!: number;
}

/** The organisation service's part: tickets stay, made anonymous; log entries stay, scrubbed. */
export class OrganisationErasureCountsDto {
  @finishedAt() completedAt!: string;
  @rows('Service requests whose requester became the anonymous marker, or whose text named the persona') serviceRequests!: number;
  @rows('Comments whose author or text named the persona') comments!: number;
  @rows('History entries whose actor or values named the persona') historyEntries!: number;
  @rows('Attachments whose uploader was the persona') attachments!: number;
  @rows('API-call log entries scrubbed of the persona (the entries and the daily counts stay)') apiCalls!: number;
}

export class PersonaErasureServicesDto {
  @ApiProperty({ type: ProfileErasureCountsDto }) profile!: ProfileErasureCountsDto;

  @ApiProperty({ type: EvaluationErasureCountsDto, nullable: true, description: 'null while the evaluation service has not done its part' })
  evaluation!: EvaluationErasureCountsDto | null;

  @ApiProperty({
    type: OrganisationErasureCountsDto,
    nullable: true,
    description: 'null while the organisation service has not done its part',
  })
  organisation!: OrganisationErasureCountsDto | null;
}

/** What an erasure did, service by service: counts only, never the persona's data. */
export class PersonaErasureDto {
  @ApiProperty({ format: 'uuid', description: 'The persona erased (as given in the path; the audit keeps only its hash)' })
  personaId!: string;

  @ApiProperty({
    enum: ERASURE_STATUSES,
    enumName: 'PersonaErasureStatus',
    description: 'PENDING while a service has not done its part yet',
  })
  status!: ErasureStatus;

  @ApiProperty({ description: 'The administrator account that asked for the erasure' })
  requestedBy!: string;

  @ApiProperty({ format: 'date-time' })
  requestedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When every part was done' })
  completedAt!: string | null;

  @ApiProperty({ type: PersonaErasureServicesDto })
  services!: PersonaErasureServicesDto;
}
