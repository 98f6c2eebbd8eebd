export { Mailer, type OutgoingMail } from './mailer';
export { MailModule } from './mail.module';
export { oneTimePasswordMail } from './one-time-password.mail';
