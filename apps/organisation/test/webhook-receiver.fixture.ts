import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** One request a receiver got: method, the Standard Webhooks headers, the raw body. */
export interface ReceivedWebhook {
  method: string;
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type WebhookAnswer = (request: ReceivedWebhook, index: number) => { status: number; location?: string };

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The status to answer each request with (default: 200 to everything); `location` for a redirect. */
  answer: WebhookAnswer;
  /** How long each answer waits, so that attempts overlap (0 by default). */
  delayMs: number;
  /** Waits until `predicate` holds of what was received (polling; fails after `timeoutMs`). */
  until(predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number, what?: string): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real HTTP server on a free loopback port that keeps every request it gets, for the webhook tests. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answerOk: WebhookAnswer = () => ({ status: 200 });
  const receiver: Partial<WebhookReceiver> = { received, answer: answerOk, delayMs: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = (name: string) => String(request.headers[name] ?? '');
      const hook: ReceivedWebhook = {
        method: request.method ?? '',
        path: request.url ?? '',
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = received.push(hook) - 1;
      const { status, location } = (receiver.answer ?? answerOk)(hook, index);
      setTimeout(() => {
        response.writeHead(status, location ? { location } : {});
        response.end('ok');
      }, receiver.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    async until(predicate: (all: ReceivedWebhook[]) => boolean, timeoutMs = 30_000, what = 'the expected webhooks') {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`${what} did not arrive within ${timeoutMs} ms (${received.length} received)`);
        await sleep(20);
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as WebhookReceiver;
}
