import { Injectable } from '@nestjs/common';
import { type Database, InjectReadDatabase } from '@teamfit/database';
import { DemographicsDirectory } from '@teamfit/demographics';
import { type ShortlistRequest, ShortlistService } from '../evaluations/shortlist.service';
import { adverseImpact, type SamplePerson } from './adverse-impact.math';
import type { AdverseImpactReportDto } from './adverse-impact.dto';
import { REPORTED_RACE_ETHNICITIES, REPORTED_SEXES } from './adverse-impact.dto';

export interface AdverseImpactRequest extends Omit<ShortlistRequest, 'page' | 'limit' | 'sort'> {
  cutoff?: number;
}

/**
 * The adverse-impact report of one team's shortlist (docs/fairness.md, "Adverse-impact report"):
 * the sample is the whole shortlist as ShortlistService ranks it (every page, its filters, its
 * sort score), joined to the self-reported demographics; the arithmetic is adverse-impact.math.ts.
 * Nothing is stored.
 */
@Injectable()
export class AdverseImpactService {
  private readonly demographics: DemographicsDirectory;

  constructor(
    private readonly shortlists: ShortlistService,
    @InjectReadDatabase() db: Database,
  ) {
    this.demographics = new DemographicsDirectory(db);
  }

  async report(teamId: number, request: AdverseImpactRequest): Promise<AdverseImpactReportDto> {
    const { cutoff, ...filters } = request;
    // The default sort: the combined score with a role, else the workstyle score; never null.
    const shortlist = await this.shortlists.ranked(teamId, { ...filters, sort: 'combined' });
    const declared = await this.demographics.ofPersonas(shortlist.entries.map((entry) => entry.personaId));
    const people = shortlist.entries.map((entry): SamplePerson => {
      if (entry.sortScore === null) throw new Error(`adverse impact: evaluation ${entry.evaluationId} has no combined sort score`);
      const found = declared.get(entry.personaId);
      return { score: entry.sortScore, sex: found?.sex ?? null, raceEthnicity: found?.raceEthnicity ?? null };
    });
    const report = adverseImpact(people, { sex: REPORTED_SEXES, raceEthnicity: REPORTED_RACE_ETHNICITIES }, cutoff ?? null);
    return {
      algorithmTeamId: shortlist.algorithmTeamId,
      teamName: shortlist.teamName,
      roleId: shortlist.roleId,
      score: shortlist.roleId === null ? 'workstyle' : 'combined',
      ...report,
    };
  }
}
