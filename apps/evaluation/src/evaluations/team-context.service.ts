import { Injectable } from '@nestjs/common';
import { relayoutValues, TeamAggregate } from '@teamfit/scoring';
import { EvaluationRepository, type Executor } from './evaluation.repository';
import { QuestionnaireVersions, type QuestionnaireVersion } from './questionnaire-versions';

/**
 * The team a candidate is scored against (docs/scoring.md): the team's member personas, each
 * with the stored score profile of their most recently completed evaluation; members without one
 * are left out. A candidate who is a member is left out too, unless the team's organisation has
 * `includeMatchUserInTeam`: then they count like any member (their latest completed evaluation).
 *
 * A member's profile is re-read through the candidate's questionnaire version: answers to its
 * questions count, answers to questions outside it are ignored.
 */
@Injectable()
export class TeamContextService {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly versions: QuestionnaireVersions,
  ) {}

  async aggregate(teamId: number, candidatePersonaId: string | null, version: QuestionnaireVersion, db?: Executor): Promise<TeamAggregate> {
    const members = await this.evaluations.memberProfiles(teamId, candidatePersonaId, db);
    const others = new Map((await this.versions.getMany(members.map((member) => member.questionnaireVersionId).filter((id) => id !== version.id), db)).map((other) => [other.id, other]));
    const team = new TeamAggregate(version.compact);
    for (const member of members) {
      if (member.questionnaireVersionId === version.id) {
        team.addMember(member.answerValues);
        continue;
      }
      const own = others.get(member.questionnaireVersionId);
      if (!own) throw new Error(`questionnaire version ${member.questionnaireVersionId} of a score profile does not exist`);
      team.addMember(relayoutValues(member.answerValues, own.compact.questionIds, version.compact));
    }
    return team;
  }
}
