import { Injectable } from '@nestjs/common';
import { relayoutValues, TeamAggregate } from '@teamfit/scoring';
import { EvaluationRepository, type Executor } from './evaluation.repository';
import { QuestionnaireVersions, type QuestionnaireVersion } from './questionnaire-versions';
import { TeamAggregateCache } from './team-aggregate.cache';

/** A stored score profile's values and the version they are in. */
export interface StoredProfile {
  readonly questionnaireVersionId: number;
  readonly answerValues: Buffer;
}

/**
 * The team a candidate is scored against (docs/scoring.md): the team's member personas, each
 * with the stored score profile of their most recently completed evaluation; members without one
 * are left out, and so is the candidate (contextOf). (`includeMatchUserInTeam` lives with the
 * organisation, which this service does not read yet: the candidate is always left out.)
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
    if (cached) return this.contextOf(cached, stamp.candidateProfile ? await this.valuesIn(version, stamp.candidateProfile, db) : null, false);
    // The stamp and the profiles are two statements: the candidate's profile is taken from the
    // profiles' own statement, so what is taken out is what was added.
    const members = await this.evaluations.memberProfiles(teamId, db);
    const team = new TeamAggregate(version.compact);
    for (const member of members) team.addMember(await this.valuesIn(version, member, db));
    const profilesVersion = members[0]?.profilesVersion;
    if (profilesVersion !== undefined) this.cache.remember(teamId, version.id, profilesVersion, team);
    const candidate = members.find((member) => member.personaId === candidatePersonaId);
    return this.contextOf(team, candidate ? await this.valuesIn(version, candidate, db) : null, false);
  }

  /**
   * The whole team (every member's latest profile) on `version`, from member profiles read in one
   * statement together with the team's `profilesVersion`: the cached aggregate of that version
   * when there is one, else built from `members` and remembered. The caller may change it.
   */
  async wholeTeam(teamId: number, version: QuestionnaireVersion, profilesVersion: number, members: readonly StoredProfile[]): Promise<TeamAggregate> {
    const cached = this.cache.find(teamId, version.id, profilesVersion);
    if (cached) return cached;
    const team = new TeamAggregate(version.compact);
    for (const member of members) team.addMember(await this.valuesIn(version, member));
    this.cache.remember(teamId, version.id, profilesVersion, team);
    return team;
  }

  /**
   * The rule of a candidate's team context, in one place: a candidate who is a member (their
   * latest profile, as it is in `whole`, is `memberValues`) is left out, unless the team's
   * organisation includes the matched user (`includesCandidate`): then they count like every
   * member. `whole` is never changed: the answer is `whole` itself or a copy without the candidate.
   */
  contextOf(whole: TeamAggregate, memberValues: ArrayLike<number> | null, includesCandidate: boolean): TeamAggregate {
    if (memberValues === null || includesCandidate) return whole;
    const context = whole.clone();
    context.removeMember(memberValues);
    return context;
  }

  /** A profile's values in `version`'s question order (re-read through it when it was answered in another). */
  async valuesIn(version: QuestionnaireVersion, profile: StoredProfile, db?: Executor): Promise<ArrayLike<number>> {
    if (profile.questionnaireVersionId === version.id) return profile.answerValues;
    const own = await this.versions.get(profile.questionnaireVersionId, db);
    return relayoutValues(profile.answerValues, own.compact.questionIds, version.compact);
  }
}
