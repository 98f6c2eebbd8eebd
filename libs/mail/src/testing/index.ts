export { otpFromMail, startSmtpListener, type ReceivedMail, type SmtpListener } from './smtp-listener';
export { mailHeader, mailPartText } from './mail-parts';
