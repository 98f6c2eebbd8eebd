import { Module } from '@nestjs/common';
import { AlgorithmModule } from '../algorithm/algorithm.module';
import { TeamsModule } from '../algorithm/teams/teams.module';
import { GreenhouseCompletion } from '../partners/greenhouse/greenhouse-completion';
import { ComparisonService } from './comparison.service';
import { EvaluationController } from './evaluation.controller';
import { EvaluationRepository } from './evaluation.repository';
import { EvaluationService } from './evaluation.service';
import { QuestionnaireVersionRepository } from './questionnaire-version.repository';
import { QuestionnaireVersions } from './questionnaire-versions';
import { RoleMatchService } from './role-match.service';
import { ShortlistRepository } from './shortlist.repository';
import { ShortlistService } from './shortlist.service';
import { TeamAnalysisController } from './team-analysis.controller';
import { TeamContextService } from './team-context.service';
import { TeamSimulationService } from './team-simulation.service';

/**
 * /evaluation and the team analyses (/algorithm/teams/:id/shortlist, /simulate): the questionnaire
 * flow and the scoring. The repository is exported: the privacy jobs erase evaluations through it.
 */
@Module({
  imports: [AlgorithmModule, TeamsModule],
  controllers: [EvaluationController, TeamAnalysisController],
  providers: [
    EvaluationRepository,
    EvaluationService,
    TeamContextService,
    QuestionnaireVersionRepository,
    QuestionnaireVersions,
    RoleMatchService,
    ComparisonService,
    ShortlistRepository,
    ShortlistService,
    TeamSimulationService,
    // The completing answer announces it to Greenhouse (partners/greenhouse).
    GreenhouseCompletion,
  ],
  // The fairness report samples the shortlist through its service; the Greenhouse partner API
  // opens evaluations through EvaluationService.
  exports: [EvaluationRepository, EvaluationService, ShortlistService],
})
export class EvaluationsModule {}
