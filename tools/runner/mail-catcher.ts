import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ensureInboxCredentials, inboxAuthorization, type InboxCredentials } from './inbox-credentials';

export interface MailCatcher {
  /** The inbox's user and password (HTTP basic authentication), as stored in the data folder. */
  credentials: InboxCredentials;
  stop(): Promise<void>;
}

/**
 * MailDev (SMTP and its web inbox) inside the runner's own process: as a process of its own it
 * cost a whole Node.js runtime for a server that is idle nearly always
 * (docs/adr/0016-idle-memory-under-npm-start.md). Both listen on the loopback interface only, and
 * the inbox (pages, API, live updates) asks for the data folder's credentials.
 * The programmatic API installs no signal handlers; the runner stops it with everything else.
 */
export async function startMailCatcher(options: { smtpPort: number; webPort: number; dataDir: string }): Promise<MailCatcher> {
  const credentials = ensureInboxCredentials(options.dataDir);
  // MailDev 3 is ESM-only; a native dynamic import keeps the runner CommonJS.
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp: options.smtpPort,
    web: options.webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    webUser: credentials.user,
    webPass: credentials.password,
    silent: true,
  });
  await maildev.start();
  const api = maildev.getServers()?.api?.server.server;
  if (!api) {
    await maildev.stop();
    throw new Error('MailDev started without its inbox');
  }
  guardLiveUpdates(api, inboxAuthorization(credentials));
  return { credentials, stop: () => maildev.stop() };
}

/**
 * MailDev checks the credentials in its HTTP routes, but its live-update channel (Socket.IO under
 * /socket.io, which pushes each new mail's subject, sign-in codes included) is served by listeners
 * of its own on the HTTP server, before those routes. Every request and upgrade under that path
 * must carry the credentials too; the listeners are wrapped rather than replaced.
 */
function guardLiveUpdates(server: Server, authorization: string): void {
  const expected = Buffer.from(authorization);
  const allowed = (request: IncomingMessage) => {
    if (!(request.url ?? '').startsWith('/socket.io')) return true;
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  for (const event of ['request', 'upgrade'] as const) {
    const listeners = server.listeners(event) as Array<(...args: unknown[]) => void>;
    server.removeAllListeners(event);
    server.on(event, (request: IncomingMessage, target: unknown, ...rest: unknown[]) => {
      if (!allowed(request)) return refuse(event, target);
      for (const listener of listeners) listener.call(server, request, target, ...rest);
    });
  }
}

function refuse(event: 'request' | 'upgrade', target: unknown): void {
  const body = JSON.stringify({ error: 'Unauthorized' });
  if (event === 'request') {
    const response = target as ServerResponse;
    response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic realm="MailDev"' });
    response.end(body);
    return;
  }
  const socket = target as Socket;
  socket.end(
    `HTTP/1.1 401 Unauthorized\r\nwww-authenticate: Basic realm="MailDev"\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
  );
}
