import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { ItemStatisticsQuery, ItemStatisticsReportDto } from './item-statistics.dto';
import { ItemStatisticsService } from './item-statistics.service';

@ApiTags('reports')
@ApiBearerAuth()
@ApiErrors({ 401: 'No Bearer token', 403: 'Invalid or expired token, an account without administrator rights, or a persona token' })
@Controller('reports')
export class ItemStatisticsController {
  constructor(private readonly statistics: ItemStatisticsService) {}

  @AdminOnly()
  @Get('item-statistics')
  @ApiOperation({
    summary:
      "Item statistics of a questionnaire version: Cronbach's alpha per dimension, mean, SD and corrected item-total correlation per item",
    description:
      "Administrator account tokens only (other accounts and persona tokens: 403). Over the version's completed evaluations, per dimension (question group; validity items belong to none): `n` (evaluations that answered every item), `k` (items), Cronbach's alpha on the scored values (reverse-keyed items as 6 − value); per item its mean, sample standard deviation and corrected item-total correlation (against the sum of the dimension's other items), `flag` when that correlation is below 0.2 (negative included). Below 30 evaluations, or where a number is undefined (fewer than two items, no variance), it is null with a `reason`, never NaN. Numbers rounded to 4 decimals. Formulas and a worked example: docs/fairness.md, \"Item statistics\".",
  })
  @ApiOkResponse({ description: 'The statistics, one entry per dimension in group order', type: ItemStatisticsReportDto })
  @ApiErrors({ 400: 'questionnaireVersionId missing or not a positive integer', 404: 'Questionnaire version not found' })
  report(@Query() query: ItemStatisticsQuery): Promise<ItemStatisticsReportDto> {
    return this.statistics.report(query.questionnaireVersionId);
  }
}
