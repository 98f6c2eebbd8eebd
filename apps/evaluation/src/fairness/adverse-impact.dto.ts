// POST /algorithm/teams/:id/adverse-impact: what it takes and answers, described for OpenAPI.
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOmittable } from '@teamfit/common';
import { RACE_ETHNICITIES, SEXES } from '@teamfit/demographics';
import { IsNumber, Max, Min } from 'class-validator';
import { ShortlistRequestDto } from '../evaluations/shortlist.dto';
import { NULL_REASONS, type NullReason } from './adverse-impact.math';

/** The categories that enter the ratios: DECLINED is an answer, but an unknown category. */
export const REPORTED_SEXES = SEXES.filter((sex) => sex !== 'DECLINED');
export const REPORTED_RACE_ETHNICITIES = RACE_ETHNICITIES.filter((race) => race !== 'DECLINED');

/**
 * The shortlist's filters, roleId and roleWeight (not its paging or sort: the sample is the whole
 * shortlist, scored by its default sort score), and an optional cutoff.
 */
export class AdverseImpactRequestDto extends OmitType(ShortlistRequestDto, ['page', 'limit', 'sort'] as const) {
  @ApiPropertyOptional({
    type: 'number',
    minimum: 0,
    maximum: 100,
    description: 'Also report selection rates: the share of each category scoring at or above this score',
  })
  @IsOmittable()
  @IsNumber()
  @Min(0)
  @Max(100)
  cutoff?: number;
}

const RATE = { type: 'number', nullable: true, minimum: 0, maximum: 1 } as const;

export class AdverseImpactRateDto {
  @ApiProperty({ ...RATE, description: "Share of the category's people that pass, 4 decimals; null when it has nobody" })
  rate!: number | null;
  @ApiProperty({
    ...RATE,
    description: 'rate / the highest rate among the categories, 4 decimals; null with a reason',
  })
  impactRatio!: number | null;
  @ApiProperty({ description: 'The exact impact ratio is below 0.8 (four-fifths rule); false when the ratio is null' })
  fourFifthsFlag!: boolean;
  @ApiProperty({
    enum: NULL_REASONS,
    enumName: 'AdverseImpactNullReason',
    nullable: true,
    description: 'Why impactRatio is null: NO_PEOPLE (nobody in the category), HIGHEST_RATE_ZERO (no category has anybody passing)',
  })
  reason!: NullReason | null;
}

export class AdverseImpactCategoryDto {
  @ApiProperty({ enum: REPORTED_SEXES, nullable: true, description: 'null in the raceEthnicity group' }) sex!: string | null;
  @ApiProperty({ enum: REPORTED_RACE_ETHNICITIES, nullable: true, description: 'null in the sex group' }) raceEthnicity!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'People of the sample in this category' }) count!: number;
  @ApiProperty({ description: 'Fewer than 2 % of the whole sample (unknowns included), or nobody: read its rates with care' })
  smallSample!: boolean;
  @ApiProperty({ type: AdverseImpactRateDto, description: 'Scoring rate: the share scoring strictly above the median of the whole sample' })
  scoring!: AdverseImpactRateDto;
  @ApiProperty({
    type: AdverseImpactRateDto,
    nullable: true,
    description: 'Selection rate: the share scoring at or above cutoff; null without a cutoff',
  })
  selection!: AdverseImpactRateDto | null;
}

export class AdverseImpactGroupDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'People with no demographics, or who declined this dimension (either one, for intersections): counted, out of the ratios',
  })
  unknown!: number;
  @ApiProperty({ ...RATE, description: 'The highest scoring rate among the categories; null when no category has anybody' })
  highestScoringRate!: number | null;
  @ApiProperty({ ...RATE, description: 'The highest selection rate; null without a cutoff or when no category has anybody' })
  highestSelectionRate!: number | null;
  @ApiProperty({ type: AdverseImpactCategoryDto, isArray: true, description: 'Every category, in a fixed order, even those with nobody' })
  categories!: AdverseImpactCategoryDto[];
}

export class AdverseImpactReportDto {
  @ApiProperty({ type: 'integer' }) algorithmTeamId!: number;
  teamName!: string;
  @ApiProperty({ type: 'integer', nullable: true }) roleId!: number | null;
  @ApiProperty({
    enum: ['combined', 'workstyle'],
    description: "The score sampled: the shortlist's sort score, the combined score with a roleId, else the workstyle score",
  })
  score!: 'combined' | 'workstyle';
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Everyone the shortlist lists with these filters, all pages' })
  sampleSize!: number;
  @ApiProperty({ type: 'number', nullable: true, description: 'Median of the whole sample’s scores, 4 decimals; null for an empty sample' })
  median!: number | null;
  @ApiProperty({ type: 'number', nullable: true }) cutoff!: number | null;
  @ApiProperty({ type: AdverseImpactGroupDto }) sex!: AdverseImpactGroupDto;
  @ApiProperty({ type: AdverseImpactGroupDto }) raceEthnicity!: AdverseImpactGroupDto;
  @ApiProperty({ type: AdverseImpactGroupDto, description: 'Each sex × race/ethnicity pair' }) intersections!: AdverseImpactGroupDto;
}
