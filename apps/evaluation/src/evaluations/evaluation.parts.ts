import type { Provider } from '@nestjs/common';
import { ComparisonService } from './comparison.service';
import { EvaluationController } from './evaluation.controller';
import { EvaluationRepository } from './evaluation.repository';
import { EvaluationService } from './evaluation.service';
import { RoleMatchService } from './role-match.service';
import { ShortlistRepository } from './shortlist.repository';
import { ShortlistService } from './shortlist.service';
import { TeamAnalysisController } from './team-analysis.controller';
import { TeamSimulationService } from './team-simulation.service';
import { QuestionnaireVersionRepository } from './questionnaire-version.repository';
import { QuestionnaireVersions } from './questionnaire-versions';
import { TeamContextService } from './team-context.service';

export const EVALUATION_CONTROLLERS = [EvaluationController, TeamAnalysisController];

export const EVALUATION_PROVIDERS: Provider[] = [
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
];
