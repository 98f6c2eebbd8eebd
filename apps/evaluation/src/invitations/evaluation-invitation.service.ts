import { Injectable } from '@nestjs/common';
import type { VerifiedToken } from '@teamfit/auth';
import { type Clock, conflict, DomainError, InjectClock, InjectConfig, type ServiceConfig } from '@teamfit/common';
import { type Database, type Executor, InjectDatabase } from '@teamfit/database';
import { evaluationInvitationMail, Mailer } from '@teamfit/mail';
import { enqueueOutbox, type EvaluationInvitedData } from '@teamfit/outbox';
import { PersonaDirectory, type PersonaRow, signInEmailOf } from '@teamfit/personas';
import type { EvaluationState } from '../evaluations/evaluation.repository';
import { EvaluationRepository } from '../evaluations/evaluation.repository';
import type { EvaluationInvitationDto } from './evaluation-invitation.dto';
import { EvaluationInvitationRepository } from './evaluation-invitation.repository';
import { invitationLink } from './invitation-link';

/** Who is invited: the address the persona signs in with, and the name the e-mail greets. */
export interface Invitee {
  emailAddress: string;
  firstName: string | null;
}

/**
 * Invitations (docs/adr/0077-evaluation-invitations.md): an administrator has the evaluation's
 * persona e-mailed a link to the hub, where it signs in with the persona e-mail code. Every
 * invitation is recorded; none is recorded unless the mail server accepted the e-mail.
 */
@Injectable()
export class EvaluationInvitationService {
  private readonly personas: PersonaDirectory;

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly evaluations: EvaluationRepository,
    private readonly invitations: EvaluationInvitationRepository,
    private readonly mailer: Mailer,
    @InjectConfig() private readonly config: ServiceConfig,
    @InjectClock() private readonly now: Clock,
  ) {
    this.personas = new PersonaDirectory(db);
  }

  /**
   * Invites the evaluation's persona. As the sign-in code's e-mail is, the e-mail is sent inside
   * the transaction that records the invitation, before it commits: when the mail server does not
   * accept it (502, or 503 when it cannot be reached), the invitation is rolled back.
   */
  async invite(evaluationId: string, principal: VerifiedToken): Promise<EvaluationInvitationDto> {
    const evaluation = invitable(await this.evaluations.findState(evaluationId));
    const invitee = await this.inviteeOf(evaluation.personaId);
    return this.db.transaction((tx) =>
      this.sendIn(tx, { evaluationId: evaluation.id, personaId: evaluation.personaId, teamId: evaluation.teamId, invitee }, principal.sub),
    );
  }

  /**
   * Records the invitation and e-mails it inside the caller's transaction, before it commits:
   * when the mail server does not accept it the caller's transaction fails with it. `invitedBy`
   * is the inviting account's id (the partner API key's for a Greenhouse send_test).
   */
  async sendIn(
    tx: Executor,
    invitation: { evaluationId: string; personaId: string; teamId: number; invitee: Invitee },
    invitedBy: string,
  ): Promise<EvaluationInvitationDto> {
    const { evaluationId, personaId, teamId, invitee } = invitation;
    const link = invitationLink(this.config.hubAppOrigin, evaluationId, invitee.emailAddress);
    const recorded = await this.invitations.insertIfOpen(tx, { evaluationId, invitedBy, invitedAt: this.now() });
    if (!recorded) {
      // Completed or erased since it was read: refused as if it had been so then.
      invitable(await this.evaluations.findState(evaluationId));
      throw new Error(`evaluation ${evaluationId} took no invitation although it is open`);
    }
    await this.mailer.send(evaluationInvitationMail({ to: invitee.emailAddress, firstName: invitee.firstName, link }));
    // After the hand-off: the row lock this takes lasts until the commit, never while the mail server answers.
    await this.evaluations.recordInvitation(tx, evaluationId, recorded.invitedAt);
    // In the invitation's transaction: the event exists exactly when the invitation does (docs/integrations.md, "Webhooks").
    const invited: EvaluationInvitedData = { evaluationId, personaId, teamId, invitedAt: recorded.invitedAt.toISOString() };
    const organisationId = await this.evaluations.teamOrganisationId(teamId, tx);
    await enqueueOutbox(tx, { type: 'evaluation.invited', organisationId, data: invited });
    return { evaluationId, personaId, invitedAt: recorded.invitedAt.toISOString(), link };
  }

  /**
   * The persona as persona sign-in finds it by address (`POST /profile/persona/login`): its own
   * e-mail, else its user's. Each reason the persona could not sign in with the link is a 409.
   */
  private async inviteeOf(personaId: string): Promise<Invitee> {
    const persona = await this.personas.findById(personaId);
    if (!persona) throw conflict("The evaluation's persona no longer exists");
    const invitee = inviteeOfSigningIn(persona);
    // Personas of one user may share the user's address; it signs in one of them only.
    const signsIn = await this.personas.findByEmail(invitee.emailAddress);
    if (signsIn?.id !== persona.id) {
      throw conflict("The persona's sign-in address signs in another persona of its user; give this persona an e-mail address of its own");
    }
    return invitee;
  }
}

/**
 * Who is invited, of a persona known to be the one its address signs in (persona sign-in found
 * it by that address): 409 when it is blocked or has no address.
 */
export function inviteeOfSigningIn(persona: PersonaRow): Invitee {
  if (persona.status === 'BLOCKED') throw conflict('The persona is blocked, so it could not sign in to answer');
  const emailAddress = signInEmailOf(persona);
  if (!emailAddress) throw conflict("The persona has no e-mail address, neither its own nor its user's, to invite");
  return { emailAddress, firstName: persona.userFirstName };
}

/** The evaluation, when it may be invited to: it exists (404 otherwise) and has questions left (409 once complete). */
function invitable(evaluation: EvaluationState | undefined): EvaluationState {
  if (!evaluation) throw new DomainError('not_found', 'Evaluation not found');
  if (evaluation.status === 'complete') throw conflict('The evaluation is complete: nothing is left to answer');
  return evaluation;
}
