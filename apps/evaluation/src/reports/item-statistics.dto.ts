import { ApiProperty } from '@nestjs/swagger';
import { IsInt4, ToInteger } from '@teamfit/common';
import { SCORE_TYPES, type ScoreType } from '@teamfit/scoring';

export class ItemStatisticsQuery {
  @ApiProperty({ minimum: 1, description: 'The questionnaire version whose completed evaluations are described' })
  @ToInteger()
  @IsInt4(1, { message: 'questionnaireVersionId must be a positive integer of at most 2147483647' })
  questionnaireVersionId!: number;
}

/** One item (question) of a dimension; numbers rounded to 4 decimals. */
export class ItemStatisticsItemDto {
  questionId!: number;
  @ApiProperty({ description: 'Scored as 6 − value, as the levels use it' }) reverseScored!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Mean scored value (1-5)' }) mean!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Sample standard deviation (n − 1) of the scored values' })
  standardDeviation!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Pearson correlation of the item with the sum of the dimension's other items (the corrected item-total correlation)",
  })
  correctedItemTotalCorrelation!: number | null;
  @ApiProperty({
    description: 'The corrected item-total correlation is defined and below 0.2 (negative included): a miskeyed or broken item',
  })
  flag!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why a number of this item is null; null when none is' })
  reason!: string | null;
}

/** One dimension (question group); validity (faking) items are in none. */
export class ItemStatisticsDimensionDto {
  questionGroupId!: number;
  name!: string;
  @ApiProperty({ enum: SCORE_TYPES }) scoreType!: ScoreType;
  @ApiProperty({ description: 'Completed evaluations that answered every item of the dimension' }) n!: number;
  @ApiProperty({ description: 'Items of the dimension (validity items excluded)' }) k!: number;
  @ApiProperty({ type: Number, nullable: true, description: "Cronbach's alpha over the scored item values, 4 decimals" })
  cronbachAlpha!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why alpha is null (fewer than 30 evaluations, fewer than two items, no variance); null when it is not',
  })
  reason!: string | null;
  @ApiProperty({ type: [ItemStatisticsItemDto] }) items!: ItemStatisticsItemDto[];
}

/** GET /reports/item-statistics (docs/fairness.md, "Item statistics"). */
export class ItemStatisticsReportDto {
  questionnaireVersionId!: number;
  @ApiProperty({ description: 'Completed evaluations of the version' }) evaluations!: number;
  @ApiProperty({ description: 'Below this n a dimension’s numbers are null with a reason', example: 30 }) minimumEvaluations!: number;
  @ApiProperty({ description: 'Items whose corrected item-total correlation is below this are flagged', example: 0.2 }) flagBelow!: number;
  @ApiProperty({ type: [ItemStatisticsDimensionDto] }) dimensions!: ItemStatisticsDimensionDto[];
}
