export interface MailCatcher {
  stop(): Promise<void>;
}

/**
 * MailDev (SMTP and its web inbox) inside the runner's own process: as a process of its own it
 * cost a whole Node.js runtime for a server that is idle nearly always
 * (docs/adr/0016-idle-memory-under-npm-start.md).
 * The programmatic API installs no signal handlers; the runner stops it with everything else.
 */
export async function startMailCatcher(options: { smtpPort: number; webPort: number }): Promise<MailCatcher> {
  // MailDev 3 is ESM-only; a native dynamic import keeps the runner CommonJS.
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({ smtp: options.smtpPort, web: options.webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
  await maildev.start();
  return { stop: () => maildev.stop() };
}
