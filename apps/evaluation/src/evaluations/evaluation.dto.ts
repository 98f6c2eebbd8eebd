import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COMPARISON_MODES, type ComparisonMode } from '@teamfit/scoring';
import { IsIn, IsInt, IsNumber, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { IsInt4, ToInteger } from '@teamfit/common';
import { EVALUATION_STATUSES, type EvaluationStatus } from '../database/evaluation.schema';

export class EvaluationIdParam {
  @IsUUID('all', { message: 'id must be an evaluation UUID' })
  id!: string;
}

export class CreateEvaluationDto {
  @IsUUID()
  personaId!: string;

  @ApiProperty({ minimum: 1, description: 'Algorithm team id' })
  @IsInt4(1)
  teamId!: number;
}

export class ListEvaluationsQuery {
  @IsUUID()
  personaId!: string;

  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @ToInteger()
  @IsInt4(1)
  teamId?: number;

  @ApiPropertyOptional({ enum: EVALUATION_STATUSES })
  @IsOptional()
  @IsIn(EVALUATION_STATUSES)
  status?: EvaluationStatus;
}

export class AnswerDto {
  @ApiProperty({ description: 'A question of this evaluation' })
  @IsInt4(1)
  questionId!: number;

  @ApiProperty({ minimum: 1, maximum: 5, description: '1 = strongly disagree … 5 = strongly agree' })
  @IsInt()
  @Min(1)
  @Max(5)
  value!: number;

  @ApiPropertyOptional({ minimum: 0, default: 0, description: 'Seconds spent on the question' })
  @IsOptional()
  @IsInt4(0)
  timeTaken?: number;
}

export class RoleOptionsDto {
  @ApiPropertyOptional({ minimum: 1, description: "Default: the team's first role (lowest id)" })
  @IsOptional()
  @IsInt4(1)
  roleId?: number;

  @ApiPropertyOptional({ minimum: 0, description: "Default: the persona's numeric user id" })
  @IsOptional()
  @IsInt4(0)
  algorithmUserId?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, default: 50 })
  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(100)
  roleWeight?: number;
}

export class CompareTeamDto extends RoleOptionsDto {
  @ApiProperty({ minimum: 1, description: "Target team; must differ from the evaluation's own" })
  @IsInt4(1, { message: 'algorithmTeamId must be a positive integer of at most 2147483647' })
  algorithmTeamId!: number;
}

export class CompareDto {
  @IsUUID()
  evaluationIdA!: string;

  @IsUUID()
  evaluationIdB!: string;

  @ApiPropertyOptional({ enum: COMPARISON_MODES, default: 'PAIRWISE' })
  @IsOptional()
  @IsIn(COMPARISON_MODES)
  mode?: ComparisonMode;
}
