import { Injectable } from '@nestjs/common';
import { relayoutValues, TeamAggregate } from '@teamfit/scoring';
import { EvaluationRepository, type Executor } from './evaluation.repository';
import { QuestionnaireVersions, type QuestionnaireVersion } from './questionnaire-versions';
import { TeamAggregateCache } from './team-aggregate.cache';

/**
 * The team a candidate is scored against (docs/scoring.md): the team's member personas, each
 * with the stored score profile of their most recently completed evaluation; members without one
 * are left out, and so is the candidate. (`includeMatchUserInTeam` lives with the organisation,
 * which this service does not read yet: the candidate is always left out.)
 *
 * A member's profile is re-read through the candidate's questionnaire version: answers to its
 * questions count, answers to questions outside it are ignored.
 *
 * The whole team's aggregate is cached per questionnaire version and checked against the team's
 * profiles version on every use (one index lookup): a completing answer against a team of 200
 * no longer reads and adds 200 profiles. The candidate, when a member, is taken out of a copy.
 */
@Injectable()
export class TeamContextService {
  private readonly cache = new TeamAggregateCache();

  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly versions: QuestionnaireVersions,
  ) {}

  async aggregate(teamId: number, candidatePersonaId: string | null, version: QuestionnaireVersion, db?: Executor): Promise<TeamAggregate> {
    const stamp = await this.evaluations.teamStamp(teamId, candidatePersonaId, db);
    if (!stamp) return new TeamAggregate(version.compact);
    const cached = this.cache.find(teamId, version.id, stamp.profilesVersion);
    if (cached) {
      if (stamp.candidateProfile) cached.removeMember(await this.valuesIn(version, stamp.candidateProfile, db));
      return cached;
    }
    // The stamp and the profiles are two statements: the candidate's profile is taken from the
    // profiles' own statement, so what is taken out is what was added.
    const members = await this.evaluations.memberProfiles(teamId, db);
    const team = new TeamAggregate(version.compact);
    for (const member of members) team.addMember(await this.valuesIn(version, member, db));
    const profilesVersion = members[0]?.profilesVersion;
    if (profilesVersion !== undefined) this.cache.remember(teamId, version.id, profilesVersion, team);
    const candidate = members.find((member) => member.personaId === candidatePersonaId);
    if (candidate) team.removeMember(await this.valuesIn(version, candidate, db));
    return team;
  }

  /** A profile's values in `version`'s question order (re-read through it when it was answered in another). */
  private async valuesIn(version: QuestionnaireVersion, profile: { questionnaireVersionId: number; answerValues: Buffer }, db?: Executor): Promise<ArrayLike<number>> {
    if (profile.questionnaireVersionId === version.id) return profile.answerValues;
    const own = await this.versions.get(profile.questionnaireVersionId, db);
    return relayoutValues(profile.answerValues, own.compact.questionIds, version.compact);
  }
}
