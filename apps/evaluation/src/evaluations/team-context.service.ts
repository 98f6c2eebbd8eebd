import { Injectable } from '@nestjs/common';
import { type ReadonlyTeamAggregate, relayoutValues, TeamAggregate } from '@teamfit/scoring';
import type { Executor } from '@teamfit/database';
import { EvaluationRepository, type TeamStamp } from './evaluation.repository';
import { QuestionnaireVersions, type QuestionnaireVersion } from './questionnaire-versions';
import { TeamAggregateCache } from './team-aggregate.cache';

/** A stored score profile's values and the version they are in. */
export interface StoredProfile {
  readonly questionnaireVersionId: number;
  readonly answerValues: Buffer;
}

/** Which stored profile is in a team context: its evaluation, version and persona (the persona only to take a member out). */
export interface MemberProfileRef {
  readonly evaluationId: string;
  readonly questionnaireVersionId: number;
  readonly personaId: string;
}

/** A team context and the member profiles it was summed from (what an explanation records). */
export interface TeamContext {
  readonly team: ReadonlyTeamAggregate;
  readonly members: readonly MemberProfileRef[];
}

/**
 * The profiles each whole-team aggregate was summed from, kept beside it rather than in the
 * scoring library (which knows no evaluation): a cached aggregate is the same object, so its
 * members are found for as long as it lives.
 */
const membersOfWhole = new WeakMap<ReadonlyTeamAggregate, readonly MemberProfileRef[]>();

/**
 * The team a candidate is scored against (docs/scoring.md): the team's member personas, each
 * with the stored score profile of their most recently completed evaluation; members without one
 * are left out. A candidate who is a member is left out too, unless the team's organisation has
 * `includeMatchUserInTeam`: then they count like any member, by their latest completed
 * evaluation (at completion, the one completing).
 *
 * A member's profile is re-read through the candidate's questionnaire version: answers to its
 * questions count, answers to questions outside it are ignored.
 *
 * The whole team's aggregate is cached per questionnaire version and checked against the team's
 * profiles version on every use (one indexed statement, which also reads the candidate's
 * membership, the organisation's setting and the candidate's own latest profile): a completing
 * answer against a team of 200 no longer reads and adds 200 profiles. The candidate's part is then
 * changed on a copy.
 */
@Injectable()
export class TeamContextService {
  private readonly cache = new TeamAggregateCache();

  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly versions: QuestionnaireVersions,
  ) {}

  /**
   * The team context of `candidatePersonaId` (null: nobody's, the whole team). `completing`: the
   * values of the candidate's evaluation that completes now, in `version`'s order, which is their
   * latest completed evaluation although it is not stored yet. `from`: the transaction to read in
   * (the completing answer's), else the read replica.
   */
  async aggregate(
    teamId: number,
    candidatePersonaId: string | null,
    version: QuestionnaireVersion,
    from?: Executor,
    completing?: ArrayLike<number>,
  ): Promise<ReadonlyTeamAggregate> {
    return this.aggregateAt(
      await this.evaluations.teamStamp(teamId, candidatePersonaId, from),
      teamId,
      candidatePersonaId,
      version,
      from,
      completing,
    );
  }

  /**
   * aggregate(), from a stamp the caller read already (the completing answer reads it with the
   * evaluation's row lock): a cached whole team of the stamp's profiles version costs no statement;
   * otherwise the members' profiles are read in `from`.
   */
  async aggregateAt(
    stamp: TeamStamp | undefined,
    teamId: number,
    candidatePersonaId: string | null,
    version: QuestionnaireVersion,
    from?: Executor,
    completing?: ArrayLike<number>,
  ): Promise<ReadonlyTeamAggregate> {
    return (await this.contextAt(stamp, teamId, candidatePersonaId, version, from, completing && { values: completing })).team;
  }

  /**
   * aggregateAt() with the member profiles the team context holds: the whole team's, without the
   * candidate's stored one when it is left out or replaced, with `completing`'s when the completing
   * evaluation counts as a member (its `ref`).
   */
  async contextAt(
    stamp: TeamStamp | undefined,
    teamId: number,
    candidatePersonaId: string | null,
    version: QuestionnaireVersion,
    from?: Executor,
    completing?: { values: ArrayLike<number>; ref?: MemberProfileRef },
  ): Promise<TeamContext> {
    if (!stamp) return { team: new TeamAggregate(version.compact), members: [] };
    let whole = this.cache.find(teamId, version.id, stamp.profilesVersion);
    // The candidate's stored profile is the one in the aggregate: from the stamp's statement when
    // the cached entry is of the stamp's version, else from the statement that reads the profiles.
    let stored = stamp.candidateProfile;
    let isMember = stamp.candidateIsMember;
    if (!whole) {
      const members = await this.evaluations.memberProfiles(teamId, from);
      whole = await this.sum(version, members, from);
      const profilesVersion = members[0]?.profilesVersion;
      if (profilesVersion !== undefined) this.cache.remember(teamId, version.id, profilesVersion, whole);
      stored = members.find((member) => member.personaId === candidatePersonaId) ?? null;
      isMember = stored !== null || stamp.candidateIsMember;
    }
    const wholeMembers = membersOfWhole.get(whole) ?? [];
    const others = wholeMembers.filter((member) => member.personaId !== candidatePersonaId);
    const storedValues = isMember && stored ? await this.valuesIn(version, stored, from) : null;
    if (!isMember || !stamp.includesCandidate || completing === undefined) {
      const left = storedValues !== null && !stamp.includesCandidate;
      return { team: this.contextOf(whole, storedValues, stamp.includesCandidate), members: left ? others : wholeMembers };
    }
    // An included member completing now counts by this evaluation, not by the one stored before,
    // on a copy: `whole` is shared.
    const team = withoutMember(whole, storedValues);
    team.addMember(completing.values);
    return { team, members: completing.ref ? [...others, completing.ref] : others };
  }

  /**
   * The whole team (every member's latest profile) on `version`, from member profiles read in one
   * statement together with the team's `profilesVersion`: the cached aggregate of that version
   * when there is one, else built from `members` and remembered. Shared: read-only.
   */
  async wholeTeam(
    teamId: number,
    version: QuestionnaireVersion,
    profilesVersion: number,
    members: readonly (StoredProfile & MemberProfileRef)[],
  ): Promise<ReadonlyTeamAggregate> {
    const cached = this.cache.find(teamId, version.id, profilesVersion);
    if (cached) return cached;
    const team = await this.sum(version, members);
    this.cache.remember(teamId, version.id, profilesVersion, team);
    return team;
  }

  private async sum(
    version: QuestionnaireVersion,
    members: readonly (StoredProfile & MemberProfileRef)[],
    from?: Executor,
  ): Promise<TeamAggregate> {
    const team = new TeamAggregate(version.compact);
    for (const member of members) team.addMember(await this.valuesIn(version, member, from));
    membersOfWhole.set(
      team,
      members.map(({ evaluationId, questionnaireVersionId, personaId }) => ({ evaluationId, questionnaireVersionId, personaId })),
    );
    return team;
  }

  /**
   * A stored candidate's team context (shortlist, simulation), by the rule aggregate() applies: a
   * candidate who is a member (their latest profile, as it is in `whole`, is `memberValues`) is
   * left out, unless the team's organisation includes the matched user (`includesCandidate`): then
   * they count like every member. `whole` is never changed: the answer is `whole` or a copy.
   */
  contextOf(whole: ReadonlyTeamAggregate, memberValues: ArrayLike<number> | null, includesCandidate: boolean): ReadonlyTeamAggregate {
    return memberValues === null || includesCandidate ? whole : withoutMember(whole, memberValues);
  }

  /** A profile's values in `version`'s question order (re-read through it when it was answered in another). */
  async valuesIn(version: QuestionnaireVersion, profile: StoredProfile, from?: Executor): Promise<ArrayLike<number>> {
    if (profile.questionnaireVersionId === version.id) return profile.answerValues;
    // Versions are immutable and written before any evaluation references them: any pool reads them.
    const own = await this.versions.get(profile.questionnaireVersionId, from);
    return relayoutValues(profile.answerValues, own.compact.questionIds, version.compact);
  }
}

/** A copy of `whole` without the member whose values these are (none: a plain copy), free to change. */
function withoutMember(whole: ReadonlyTeamAggregate, memberValues: ArrayLike<number> | null): TeamAggregate {
  const copy = whole.clone();
  if (memberValues !== null) copy.removeMember(memberValues);
  return copy;
}
