import { escapeHtml } from './escape-html';
import type { OutgoingMail } from './mailer';

export interface EvaluationInvitation {
  /** The address the persona signs in with, which the mail goes to. */
  to: string;
  /** The persona's first name, when it has one. */
  firstName: string | null;
  /** The hub's page of the evaluation; it carries no credential (docs/adr/0077-evaluation-invitations.md). */
  link: string;
}

/**
 * The invitation to answer an evaluation's questionnaire, in plain text and HTML: the link to the
 * hub, and how signing in goes there (this address, a one-time code, no password).
 */
export function evaluationInvitationMail(invitation: EvaluationInvitation): OutgoingMail {
  const { to, link } = invitation;
  const firstName = invitation.firstName?.trim();
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const subject = 'You are invited to a Teamfit questionnaire';
  const intro = 'You are invited to answer a short Teamfit questionnaire about how you like to work.';
  const signIn = `Sign in there with this e-mail address (${to}): we send you a one-time code, no password is needed.`;
  const resume = 'You can stop at any time and carry on later where you left off, on any device.';
  const ignore = 'If you did not expect this invitation, you can ignore this e-mail.';
  const text = [greeting, '', intro, '', 'Open the questionnaire:', link, '', signIn, resume, '', ignore, '', 'Teamfit'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">Open the questionnaire</a></p>
<p>${escapeHtml(signIn)}<br>${escapeHtml(resume)}</p>
<p>${escapeHtml(ignore)}</p>
<p>Or copy this address into your browser: ${escapeHtml(link)}</p>
<p>Teamfit</p>
</body></html>`;
  return { to, subject, text, html };
}
