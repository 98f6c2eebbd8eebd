export { Mailer, type OutgoingMail } from './mailer';
export { escapeHtml } from './escape-html';
export { MailModule } from './mail.module';
export { oneTimePasswordMail } from './one-time-password.mail';
export { evaluationInvitationMail, type EvaluationInvitation } from './evaluation-invitation.mail';
