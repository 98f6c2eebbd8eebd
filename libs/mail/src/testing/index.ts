export { otpFromMail, startSmtpListener, type ReceivedMail, type SmtpListener } from './smtp-listener';
