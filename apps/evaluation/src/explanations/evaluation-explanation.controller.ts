import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { EvaluationIdParam } from '../evaluations/evaluation.dto';
import { EvaluationExplanationDto } from './evaluation-explanation.dto';
import { EvaluationExplanationService } from './evaluation-explanation.service';

@ApiTags('evaluation')
@ApiBearerAuth()
@ApiErrors({
  401: 'No Bearer token',
  403: 'Invalid or expired token, an account without administrator rights, or a persona token of another persona',
})
@Controller('evaluation')
export class EvaluationExplanationController {
  constructor(private readonly explanations: EvaluationExplanationService) {}

  @Get(':id/explanation')
  @ApiOperation({
    summary:
      'What the stored result was computed from: version, answers, team context at completion, each dimension’s inputs and contribution',
    description:
      "An administrator, or the persona for its own evaluation (other accounts and other personas: 403). The questionnaire version as scoring reads it, the scoring version, the answers used, the member score profiles of the team context at completion (evaluation and questionnaire version ids), and per dimension the team's inputs to its formula (members' levels with their counts, CONFLICT sub-group levels, TOP_TEN item sums; exact, never a member's answers), the candidate's level, the weight and the dimension's contribution to the overall score. Computing the result again from this answer alone with libs/scoring gives `result` exactly (docs/fairness.md, \"Explanations\"). 409 while the evaluation is incomplete, and for an evaluation completed before explanations were recorded.",
  })
  @ApiOkResponse({ description: 'The explanation', type: EvaluationExplanationDto })
  @ApiErrors({
    400: 'Invalid id',
    404: 'Evaluation not found',
    409: 'The evaluation is not complete, or it was completed before explanations were recorded',
  })
  explain(@Param() params: EvaluationIdParam, @Principal() principal: VerifiedToken): Promise<EvaluationExplanationDto> {
    return this.explanations.explain(params.id, principal);
  }
}
