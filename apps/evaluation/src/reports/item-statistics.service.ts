import { Injectable } from '@nestjs/common';
import { notFound } from '@teamfit/common';
import { compactQuestionnaire, ITEM_STATISTICS_MIN_EVALUATIONS, ITEM_TOTAL_FLAG_BELOW, itemStatistics, round4 } from '@teamfit/scoring';
import { scoringQuestionnaire } from '../evaluations/question-set';
import type { ItemStatisticsReportDto } from './item-statistics.dto';
import { ItemStatisticsRepository } from './item-statistics.repository';

/** A statistic that may be undefined (null) to 4 decimals. */
const round4OrNull = (x: number | null): number | null => (x === null ? null : round4(x));

/** Item statistics of a questionnaire version over its completed evaluations (docs/fairness.md, "Item statistics"). */
@Injectable()
export class ItemStatisticsService {
  constructor(private readonly repository: ItemStatisticsRepository) {}

  async report(questionnaireVersionId: number): Promise<ItemStatisticsReportDto> {
    const version = await this.repository.versionValues(questionnaireVersionId);
    if (!version) throw notFound(`Questionnaire version ${questionnaireVersionId}`);
    const definition = scoringQuestionnaire(version.questionSet);
    const questionnaire = compactQuestionnaire(definition);
    const width = questionnaire.questionIds.length;
    const evaluations = Array.from({ length: version.evaluations }, (_x, index) =>
      version.values.subarray(index * width, (index + 1) * width),
    );
    const dimensions = itemStatistics(questionnaire, evaluations);
    return {
      questionnaireVersionId,
      evaluations: version.evaluations,
      minimumEvaluations: ITEM_STATISTICS_MIN_EVALUATIONS,
      flagBelow: ITEM_TOTAL_FLAG_BELOW,
      dimensions: dimensions.map((dimension, index) => ({
        ...dimension,
        scoreType: definition.groups[index]?.scoreType ?? 'SUPPLEMENTARY',
        cronbachAlpha: round4OrNull(dimension.cronbachAlpha),
        items: dimension.items.map((item) => ({
          ...item,
          mean: round4OrNull(item.mean),
          standardDeviation: round4OrNull(item.standardDeviation),
          correctedItemTotalCorrelation: round4OrNull(item.correctedItemTotalCorrelation),
        })),
      })),
    };
  }
}
