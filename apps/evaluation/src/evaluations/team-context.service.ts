import { Injectable } from '@nestjs/common';
import type { AnswerInput } from '@teamfit/scoring';
import type { TeamRow } from '../algorithm/algorithm.directory';
import { EvaluationRepository, type Executor } from './evaluation.repository';

/**
 * The team a candidate is scored against (SCORING.md section 2): the team's member personas, each
 * with the answers of their most recently completed evaluation; members without one are left
 * out, and so is the candidate. (`includeMatchUserInTeam` lives with the organisation, which this
 * service does not read yet: the candidate is always left out.)
 */
@Injectable()
export class TeamContextService {
  constructor(private readonly evaluations: EvaluationRepository) {}

  membersAnswers(team: Pick<TeamRow, 'memberPersonaIds'>, candidatePersonaId: string | null, db?: Executor): Promise<AnswerInput[][]> {
    const members = [...new Set(team.memberPersonaIds)].filter((id) => id !== candidatePersonaId).sort();
    return this.evaluations.latestCompletedAnswers(members, db);
  }
}
