// GET /evaluation/:id/explanation (docs/fairness.md, "Explanations"): what a stored result was
// computed from, enough to compute it again with libs/scoring alone.
import { ApiProperty } from '@nestjs/swagger';
import { EvaluationResultsDto } from '@teamfit/evaluations';
import { SCORE_TYPES, type ScoreType } from '@teamfit/scoring';

/** The smallest team whose inputs the persona itself may read: below it, counts of levels tell members apart. */
export const MIN_TEAM_SHOWN_TO_PERSONA = 5;

export class ExplanationGroupDto {
  id!: number;
  name!: string;
  @ApiProperty({ enum: SCORE_TYPES, description: 'The formula of the dimension (docs/scoring.md, "Score types")' }) scoreType!: ScoreType;
  @ApiProperty({ type: Number, nullable: true, description: 'Relative weight; null counts as 1' }) weight!: number | null;
}

export class ExplanationQuestionDto {
  id!: number;
  groupId!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Order within the group (delivery order, TOP_TEN ties)' }) order!:
    number | null;
  reverseScore!: boolean;
  @ApiProperty({ description: 'A validity item: in no dimension' }) faking!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'CONFLICT sub-group (conflict style)' }) metadata!: string | null;
}

/** The questionnaire version as scoring reads it: its groups (dimensions) in order, its questions. */
export class ExplanationQuestionnaireDto {
  @ApiProperty({ description: 'The questionnaire version the evaluation was fixed with' }) id!: number;
  @ApiProperty({ type: [ExplanationGroupDto] }) groups!: ExplanationGroupDto[];
  @ApiProperty({ type: [ExplanationQuestionDto] }) questions!: ExplanationQuestionDto[];
}

export class ExplanationAnswerDto {
  questionId!: number;
  @ApiProperty({ minimum: 1, maximum: 5, description: 'The raw value given (reverse scoring is applied by the formulas)' }) value!: number;
  @ApiProperty({ description: 'Seconds (validity and totalTimeTaken)' }) timeTaken!: number;
}

export class ExplainedProfileDto {
  @ApiProperty({ format: 'uuid', description: "The member's completed evaluation whose score profile counted" }) evaluationId!: string;
  @ApiProperty({ description: 'The questionnaire version that profile was answered in (re-read through this one)' })
  questionnaireVersionId!: number;
}

export class ExplanationTeamDto {
  @ApiProperty({ description: 'Members with at least one scored answer: the result’s teamSize' }) teamSize!: number;
  @ApiProperty({
    type: [ExplainedProfileDto],
    nullable: true,
    description:
      "The member score profiles of the team context at completion (the evaluation itself when it counted as a member); null for the persona itself: the other members' evaluations are theirs",
  })
  profiles!: ExplainedProfileDto[] | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['TEAM_TOO_SMALL'],
    description: `Why the dimensions' team inputs are null: the persona itself reads them only for a team of at least ${MIN_TEAM_SHOWN_TO_PERSONA}, so no member's levels can be told apart`,
  })
  withheld!: 'TEAM_TOO_SMALL' | null;
}

/** Members' levels: distinct values ascending (exact, unrounded) and how many members have each. */
export class MemberLevelsDto {
  @ApiProperty({ type: [Number] }) values!: number[];
  @ApiProperty({ type: [Number] }) counts!: number[];
}

export class ExplanationSubGroupDto {
  name!: string;
  @ApiProperty({ type: MemberLevelsDto }) memberLevels!: MemberLevelsDto;
}

export class ExplanationItemTotalDto {
  questionId!: number;
  @ApiProperty({ description: "Sum of the members' scored values on the item" }) sum!: number;
  @ApiProperty({ description: 'Members who answered it' }) count!: number;
}

export class ExplanationTeamInputsDto {
  @ApiProperty({ type: MemberLevelsDto }) memberLevels!: MemberLevelsDto;
  @ApiProperty({ type: [ExplanationSubGroupDto], description: 'CONFLICT: per sub-group any member has; empty for other types' })
  subGroups!: ExplanationSubGroupDto[];
  @ApiProperty({ type: [ExplanationItemTotalDto], description: 'TOP_TEN: per item any member answered; empty for other types' })
  items!: ExplanationItemTotalDto[];
}

export class ExplanationDimensionDto {
  questionGroupId!: number;
  name!: string;
  @ApiProperty({ enum: SCORE_TYPES }) scoreType!: ScoreType;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The candidate's level (mean scored value), exact; null: no item answered (score 0)",
  })
  candidateLevel!: number | null;
  @ApiProperty({
    type: ExplanationTeamInputsDto,
    nullable: true,
    description: "The team's inputs to the formula, exact; null when withheld from the persona (team.withheld)",
  })
  team!: ExplanationTeamInputsDto | null;
  @ApiProperty({ description: '100 × weight / sum of weights, 4 decimals' }) weightPercentage!: number;
  @ApiProperty({ description: 'The dimension score before rounding, 4 decimals' }) scorePercentage!: number;
  @ApiProperty({ description: 'weightPercentage × scorePercentage / 100, 4 decimals: its points of the overall score' })
  contribution!: number;
}

export class EvaluationExplanationDto {
  @ApiProperty({ format: 'uuid' }) evaluationId!: string;
  @ApiProperty({ format: 'uuid' }) personaId!: string;
  teamId!: number;
  @ApiProperty({ type: String, format: 'date-time' }) completedAt!: string;
  @ApiProperty({ description: 'The scoring version of the stored result', example: 'ws-1' }) scoringVersion!: string;
  @ApiProperty({ type: ExplanationQuestionnaireDto }) questionnaireVersion!: ExplanationQuestionnaireDto;
  @ApiProperty({ type: [ExplanationAnswerDto], description: 'The answers used, by question id' }) answers!: ExplanationAnswerDto[];
  @ApiProperty({ type: ExplanationTeamDto }) team!: ExplanationTeamDto;
  @ApiProperty({
    type: [ExplanationDimensionDto],
    description: 'In group order; the contributions sum to the overall score before rounding',
  })
  dimensions!: ExplanationDimensionDto[];
  @ApiProperty({ type: EvaluationResultsDto, description: 'The stored result this explains (as GET /evaluation/:id shows it)' })
  result!: EvaluationResultsDto;
}
