import { DomainError } from '@teamfit/common';
import { createTransport, type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Errors a client can do nothing about but retry: the mail server is down or refused us. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNECTION']);

/** Sends platform e-mail over SMTP (SMTP_URL). A failed send is an upstream error, never a 500. */
export class Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    this.transport = createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // A local catcher (MailDev) offers no TLS; a real relay is reached with smtps:// or STARTTLS.
      ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...mail });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && UNREACHABLE.has(code)) {
        throw new DomainError('unavailable', 'The e-mail service is unavailable; try again shortly');
      }
      throw new DomainError('upstream_failed', 'The e-mail could not be sent; try again shortly');
    }
  }

  close(): void {
    this.transport.close();
  }
}
