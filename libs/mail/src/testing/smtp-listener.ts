import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpListener {
  url: string;
  messages: ReceivedMail[];
  /** While true, every recipient is refused (550), as a mail server that does not accept the e-mail. */
  refusing: boolean;
  /** The newest message to this address, waiting for it to arrive. */
  latestTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpListener(): Promise<SmtpListener> {
  const messages: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    latestTo: async (address, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter((message) => message.to.includes(address.toLowerCase())).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code of a sign-in e-mail (six digits, or a long code in four groups), read from the delivered message. */
export function otpFromMail(mail: ReceivedMail): string {
  const match = /sign-in code: (\d{6}|[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3})/.exec(mail.raw);
  if (!match?.[1]) throw new Error('no sign-in code in the e-mail');
  return match[1];
}
