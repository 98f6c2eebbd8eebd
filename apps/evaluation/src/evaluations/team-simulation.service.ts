import { Injectable } from '@nestjs/common';
import { notFound, validationFailed } from '@teamfit/common';
import {
  answersFromValues,
  computeWorkstyleWithTeam,
  type ScoreCategory,
  TeamAggregate,
  teamProfile,
  type TeamProfile,
} from '@teamfit/scoring';
import { type QuestionnaireVersion, QuestionnaireVersions } from './questionnaire-versions';
import { type ProfileRow, ShortlistRepository } from './shortlist.repository';
import { TeamContextService } from './team-context.service';

export interface SimulationRequest {
  addPersonaIds?: readonly string[];
  removePersonaIds?: readonly string[];
}

export interface MemberFit {
  score: number;
  scoreCategory: ScoreCategory;
}

export interface SimulatedMember {
  personaId: string;
  added: boolean;
  /** Their workstyle score against the rest of the team as it is; null for a persona added. */
  fitBefore: MemberFit | null;
  /** Their workstyle score against the rest of the simulated team. */
  fitAfter: MemberFit;
}

export interface TeamSimulation {
  algorithmTeamId: number;
  teamName: string;
  /** The questionnaire version the profiles are read through; null when nobody has a completed evaluation. */
  questionnaireVersionId: number | null;
  before: TeamProfile;
  after: TeamProfile;
  members: SimulatedMember[];
}

const EMPTY_PROFILE: TeamProfile = { teamSize: 0, dimensions: [], conflictStyles: [] };

/**
 * A team with personas added and removed, as it would be: its profile per dimension before and
 * after, and each member's fit to the others (the team context of team-match, the member left out
 * by TeamContextService.contextOf). Members without a completed evaluation count nowhere, as in
 * every team context. Nothing is stored.
 */
@Injectable()
export class TeamSimulationService {
  constructor(
    private readonly profiles: ShortlistRepository,
    private readonly teamContext: TeamContextService,
    private readonly versions: QuestionnaireVersions,
  ) {}

  async simulate(teamId: number, request: SimulationRequest): Promise<TeamSimulation> {
    const add = request.addPersonaIds ?? [];
    const remove = new Set(request.removePersonaIds ?? []);
    const both = add.find((id) => remove.has(id));
    if (both !== undefined) throw validationFailed(`Persona ${both} is in both addPersonaIds and removePersonaIds`);
    // One statement: the members' latest profiles and those of the personas added, from one snapshot.
    const { team, rows } = await this.profiles.snapshot(teamId, { personaIds: add });
    if (!team) throw notFound('Team');
    const members = new Set(team.memberPersonaIds);
    for (const id of add) {
      if (members.has(id)) throw validationFailed(`addPersonaIds: persona ${id} is already a member of the team`);
      if (!rows.some((row) => row.personaId === id && row.candidate))
        throw validationFailed(`addPersonaIds: persona ${id} has no completed evaluation`);
    }
    for (const id of remove) if (!members.has(id)) throw validationFailed(`removePersonaIds: persona ${id} is not a member of the team`);

    const before = rows.filter((row) => row.member);
    const after = [...before.filter((row) => !remove.has(row.personaId)), ...rows.filter((row) => !row.member && row.candidate)];
    const latest = [...before, ...after].reduce<ProfileRow | undefined>(
      (best, row) => (best && best.completedAt >= row.completedAt ? best : row),
      undefined,
    );
    if (!latest)
      return {
        algorithmTeamId: teamId,
        teamName: team.name,
        questionnaireVersionId: null,
        before: EMPTY_PROFILE,
        after: EMPTY_PROFILE,
        members: [],
      };

    const versions = new Map(
      (await this.versions.getMany([...new Set(rows.map((row) => row.questionnaireVersionId))])).map((version) => [version.id, version]),
    );
    const versionOf = (row: ProfileRow): QuestionnaireVersion => {
      const version = versions.get(row.questionnaireVersionId);
      if (!version) throw new Error(`questionnaire version ${row.questionnaireVersionId} does not exist`);
      return version;
    };
    const fits = async (team: readonly ProfileRow[]): Promise<Map<string, MemberFit>> => {
      const wholes = new Map<number, TeamAggregate>();
      const result = new Map<string, MemberFit>();
      for (const member of team) {
        const version = versionOf(member);
        const whole = wholes.get(version.id) ?? (await this.aggregate(version, team));
        wholes.set(version.id, whole);
        const context = this.teamContext.contextOf(whole, await this.teamContext.valuesIn(version, member), false);
        const workstyle = computeWorkstyleWithTeam(context, answersFromValues(version.compact, member.answerValues));
        result.set(member.personaId, { score: workstyle.overallScore, scoreCategory: workstyle.overallCategory });
      }
      return result;
    };
    const [fitsBefore, fitsAfter] = [await fits(before), await fits(after)];
    const shown = versionOf(latest);
    return {
      algorithmTeamId: teamId,
      teamName: team.name,
      questionnaireVersionId: shown.id,
      before: teamProfile(await this.aggregate(shown, before)),
      after: teamProfile(await this.aggregate(shown, after)),
      members: after
        .map((row) => ({
          personaId: row.personaId,
          added: !row.member,
          fitBefore: fitsBefore.get(row.personaId) ?? null,
          fitAfter: fitsAfter.get(row.personaId) as MemberFit,
        }))
        .sort((a, b) => (a.personaId < b.personaId ? -1 : a.personaId > b.personaId ? 1 : 0)),
    };
  }

  /** The team of these profiles on `version` (profiles on another version re-read through it). */
  private async aggregate(version: QuestionnaireVersion, team: readonly ProfileRow[]): Promise<TeamAggregate> {
    const aggregate = new TeamAggregate(version.compact);
    for (const member of team) aggregate.addMember(await this.teamContext.valuesIn(version, member));
    return aggregate;
  }
}
