import { Injectable, Logger } from '@nestjs/common';
import type { PartnerKeyHolder } from '@teamfit/accounts';
import { type Clock, conflict, INT4_MAX, InjectClock, InjectConfig, notFound, type ServiceConfig } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { enrolCandidatePersona } from '@teamfit/personas';
import { EvaluationService } from '../../evaluations/evaluation.service';
import { EvaluationInvitationService, inviteeOfSigningIn } from '../../invitations/evaluation-invitation.service';
import type {
  GreenhouseMetadataValue,
  GreenhouseResponseErrorDto,
  GreenhouseSendTestAnswerDto,
  GreenhouseSendTestDto,
  GreenhouseTestDto,
  GreenhouseTestStatusDto,
} from './greenhouse.dto';
import { GreenhouseInterviewRepository, type GreenhouseInterviewState } from './greenhouse-interview.repository';

/** A `partner_test_id` as list_tests gives them: a team id, in decimal. */
const TEST_ID = /^[1-9][0-9]{0,9}$/;

/** The team id a `partner_test_id` names, when it can name one. */
function teamIdOf(partnerTestId: string): number | undefined {
  if (!TEST_ID.test(partnerTestId)) return undefined;
  const id = Number(partnerTestId);
  return id <= INT4_MAX ? id : undefined;
}

/** The admin console's page of an evaluation: `ADMIN_APP_ORIGIN` + `/evaluations/{id}`. */
export function adminEvaluationUrl(adminAppOrigin: string, evaluationId: string): string {
  return `${adminAppOrigin.replace(/\/+$/, '')}/evaluations/${encodeURIComponent(evaluationId)}`;
}

/** test_status' answer for an interview's state. */
export function testStatusOf(state: GreenhouseInterviewState, adminAppOrigin: string): GreenhouseTestStatusDto {
  const complete = state.status === 'complete';
  const metadata: Record<string, GreenhouseMetadataValue> = {
    Team: state.teamName,
    'Questions answered': state.answered,
    Questions: state.total,
    'Overall category': complete ? state.overallCategory : null,
    'Completed at': complete ? (state.completedAt?.toISOString() ?? null) : null,
  };
  return {
    partner_status: state.status,
    partner_profile_url: complete ? adminEvaluationUrl(adminAppOrigin, state.evaluationId) : null,
    partner_score: complete ? state.overallScore : null,
    metadata,
  };
}

/**
 * The Greenhouse assessment partner API (docs/adr/0089-greenhouse-assessment-partner-api.md): an
 * organisation's algorithm teams are its tests; send_test enrols the candidate's persona, opens
 * its evaluation against the team and e-mails the hub invitation, in one transaction.
 */
@Injectable()
export class GreenhouseService {
  private readonly log = new Logger('Greenhouse');

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly interviews: GreenhouseInterviewRepository,
    private readonly evaluations: EvaluationService,
    private readonly invitations: EvaluationInvitationService,
    @InjectConfig() private readonly config: ServiceConfig,
    @InjectClock() private readonly now: Clock,
  ) {}

  async listTests(partner: PartnerKeyHolder): Promise<GreenhouseTestDto[]> {
    const teams = await this.interviews.teamsOf(partner.organisationId);
    return teams.map((team) => ({ partner_test_id: String(team.id), partner_test_name: team.name }));
  }

  /**
   * Sends the test: once per Greenhouse `url` and organisation (a repeated send_test answers the
   * first one's id and sends nothing). Everything else is one transaction, the invitation e-mail
   * handed over before it commits: a mail server that refuses it leaves no persona, evaluation or
   * interview behind, and Greenhouse's next try starts afresh.
   */
  async sendTest(partner: PartnerKeyHolder, body: GreenhouseSendTestDto): Promise<GreenhouseSendTestAnswerDto> {
    const teamId = teamIdOf(body.partner_test_id);
    const team = teamId === undefined ? undefined : await this.interviews.teamOf(partner.organisationId, teamId);
    if (!team) throw notFound('Test');
    const sent = await this.interviews.findByCallback(partner.organisationId, body.url);
    if (sent) return this.again(sent, team.id);
    const fixed = await this.evaluations.fixQuestions();
    return this.db.transaction(async (tx) => {
      const { persona } = await enrolCandidatePersona(tx, {
        emailAddress: body.candidate.email,
        firstName: body.candidate.first_name ?? null,
        lastName: body.candidate.last_name ?? null,
        description: 'A candidate sent a test through Greenhouse',
      });
      const invitee = inviteeOfSigningIn(persona);
      const evaluation = await this.evaluations.openIn(tx, persona.id, team.id, fixed);
      const interview = await this.interviews.insertIfNew(tx, {
        organisationId: partner.organisationId,
        evaluationId: evaluation.id,
        callbackUrl: body.url,
        apiKeyId: partner.keyId,
        createdAt: this.now(),
      });
      if (!interview) {
        // A concurrent send_test of the same URL committed first: its answer is this one's.
        const winner = await this.interviews.findByCallback(partner.organisationId, body.url, tx);
        if (!winner) throw new Error('greenhouse interview vanished after a conflicting insert');
        return this.again(winner, team.id);
      }
      await this.invitations.sendIn(tx, { evaluationId: evaluation.id, personaId: persona.id, teamId: team.id, invitee }, partner.keyId);
      return { partner_interview_id: interview.id };
    });
  }

  async testStatus(partner: PartnerKeyHolder, interviewId: string): Promise<GreenhouseTestStatusDto> {
    const state = await this.interviews.stateOf(partner.organisationId, interviewId);
    if (!state) throw notFound('Interview');
    return testStatusOf(state, this.config.adminAppOrigin);
  }

  /**
   * Greenhouse found one of our answers malformed: a warning in the service's log, for an operator
   * to look into. The candidate's address is not logged.
   */
  responseError(partner: PartnerKeyHolder, body: GreenhouseResponseErrorDto): { status: 200 } {
    this.log.warn(
      `Greenhouse reports a malformed answer: ${JSON.stringify({
        organisationId: partner.organisationId,
        apiKeyId: partner.keyId,
        apiCall: body.api_call,
        errors: body.errors,
        partnerTestId: body.partner_test_id ?? null,
        partnerInterviewId: body.partner_interview_id ?? null,
      })}`,
    );
    return { status: 200 };
  }

  /** The answer to a send_test of a URL sent before: the same interview, if it is the same test. */
  private again(sent: { id: string; teamId: number }, teamId: number): GreenhouseSendTestAnswerDto {
    if (sent.teamId !== teamId) throw conflict('This url was sent another test before');
    return { partner_interview_id: sent.id };
  }
}
