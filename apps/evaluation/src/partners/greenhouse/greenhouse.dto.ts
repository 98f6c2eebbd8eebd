import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '@teamfit/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';

/*
 * The Greenhouse assessment partner API as Greenhouse publishes it, field for field: snake_case
 * names, `null` for a value that is not there (docs/adr/0089-greenhouse-assessment-partner-api.md).
 * Greenhouse may add fields to what it sends at any time: the request bodies drop undeclared
 * fields instead of refusing them (ValidatedLenientBody). Every example Greenhouse publishes
 * validates against these schemas (apps/evaluation/test/greenhouse-examples.fixture.ts).
 */

/** Longest URL taken from Greenhouse (its callback and profile links are far shorter). */
export const GREENHOUSE_URL_MAX_LENGTH = 2_048;
const TEST_ID_MAX_LENGTH = 64;
const ERROR_MAX_LENGTH = 2_000;
const ERRORS_MAX = 100;

/** One test of list_tests: an algorithm team of the organisation. */
export class GreenhouseTestDto {
  @ApiProperty({ example: '12345', description: "The algorithm team's id, as a string" })
  partner_test_id!: string;
  @ApiProperty({ example: 'Platform engineering', description: "The team's name, Greenhouse's label for the test" })
  partner_test_name!: string;
}

/** send_test's `candidate`. Only `email` is required here; the names greet the candidate and name a new persona. */
export class GreenhouseCandidateDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH, example: 'Harry' })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  first_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH, example: 'Potter' })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  last_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH, description: 'Taken, not stored' })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  preferred_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: GREENHOUSE_URL_MAX_LENGTH, description: 'Taken, not read or stored' })
  @IsOptional()
  @IsString()
  @MaxLength(GREENHOUSE_URL_MAX_LENGTH)
  resume_url?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH, description: 'Taken, not stored' })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  phone_number?: string | null;

  @ApiProperty({
    format: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    example: 'hpotter@hogwarts.edu',
    description: 'Where the invitation goes; the persona that signs in with it takes the test (made when there is none)',
  })
  @IsEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  email!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: GREENHOUSE_URL_MAX_LENGTH, description: 'Taken, not stored' })
  @IsOptional()
  @IsString()
  @MaxLength(GREENHOUSE_URL_MAX_LENGTH)
  greenhouse_profile_url?: string | null;
}

/** POST send_test */
export class GreenhouseSendTestDto {
  @ApiProperty({ maxLength: TEST_ID_MAX_LENGTH, example: '12345', description: 'A `partner_test_id` of list_tests' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEST_ID_MAX_LENGTH)
  partner_test_id!: string;

  @ApiProperty({ type: GreenhouseCandidateDto })
  @IsObject()
  @ValidateNested()
  @Type(() => GreenhouseCandidateDto)
  candidate!: GreenhouseCandidateDto;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: EMAIL_MAX_LENGTH,
    description: "The sender's e-mail address; taken, not stored",
  })
  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_MAX_LENGTH)
  sent_by?: string | null;

  @ApiProperty({
    format: 'uri',
    maxLength: GREENHOUSE_URL_MAX_LENGTH,
    example: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/12345',
    description:
      "Greenhouse's URL of this test instance: the completion is announced to it (a body-less PATCH), and a send_test with a URL the organisation sent before answers that test's `partner_interview_id` again, sending nothing",
  })
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'], require_tld: false })
  @MaxLength(GREENHOUSE_URL_MAX_LENGTH)
  url!: string;
}

/** The answer of send_test. */
export class GreenhouseSendTestAnswerDto {
  @ApiProperty({ example: '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f', description: 'Identifies this test instance for test_status (a UUID)' })
  partner_interview_id!: string;
}

/** GET test_status?partner_interview_id=… */
export class GreenhouseTestStatusQuery {
  @ApiProperty({ format: 'uuid', description: 'The `partner_interview_id` send_test answered' })
  @IsUUID()
  partner_interview_id!: string;
}

/** partner_status: the evaluation's own status; `complete` is the one Greenhouse acts on. */
export const GREENHOUSE_STATUSES = ['pending', 'in_progress', 'complete'] as const;
export type GreenhouseStatus = (typeof GREENHOUSE_STATUSES)[number];

/** A value of test_status' `metadata`: Greenhouse shows them as they are and takes only primitives. */
export type GreenhouseMetadataValue = string | number | boolean | null;

/** The answer of test_status. */
export class GreenhouseTestStatusDto {
  @ApiProperty({
    enum: GREENHOUSE_STATUSES,
    enumName: 'GreenhouseStatus',
    example: 'complete',
    description:
      '`pending` (sent, not begun), `in_progress` (answered in part) or `complete` (every question answered, the result stored): Greenhouse stops polling at `complete`',
  })
  partner_status!: GreenhouseStatus;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uri',
    example: 'https://admin.teamfit.example/evaluations/6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f',
    description: "The admin console's page of the result (`ADMIN_APP_ORIGIN` + `/evaluations/{id}`) once complete; null before",
  })
  partner_profile_url!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 100,
    example: 81,
    description: "The result's overall score (0-100) once complete; null before",
  })
  partner_score!: number | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: {
      anyOf: [
        { type: 'string', nullable: true },
        { type: 'number', nullable: true },
        { type: 'boolean', nullable: true },
      ],
    },
    example: {
      Team: 'Platform engineering',
      'Questions answered': 40,
      Questions: 40,
      'Overall category': 'high',
      'Completed at': '2026-11-27T07:30:00.000Z',
    },
    description:
      'Shown by Greenhouse with the result: a flat object of primitives (the team, the questions answered of all, the overall category and the completion time, null while not complete)',
  })
  metadata!: Record<string, GreenhouseMetadataValue>;
}

/** POST response_error: Greenhouse found an answer of ours malformed. */
export class GreenhouseResponseErrorDto {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH, example: 'test_status', description: 'The call whose answer was malformed' })
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  api_call!: string;

  @ApiProperty({ type: [String], maxItems: ERRORS_MAX, example: ["partner_status is 'complete' but partner_profile url is missing"] })
  @IsArray()
  @ArrayMaxSize(ERRORS_MAX)
  @IsString({ each: true })
  @MaxLength(ERROR_MAX_LENGTH, { each: true })
  errors!: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TEST_ID_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(TEST_ID_MAX_LENGTH)
  partner_test_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  partner_test_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TEST_ID_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(TEST_ID_MAX_LENGTH)
  partner_interview_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: EMAIL_MAX_LENGTH, description: 'Taken, neither logged nor stored' })
  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_MAX_LENGTH)
  candidate_email?: string | null;
}

/** The answer of response_error, as Greenhouse shows it. */
export class GreenhouseResponseErrorAnswerDto {
  @ApiProperty({ type: 'integer', enum: [200], example: 200 })
  status!: 200;
}
