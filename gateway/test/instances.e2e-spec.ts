// Several instances behind one prefix: the real gateway template run by the real nginx in front
// of two small HTTP servers standing in for two processes of the evaluation service, so each
// failure (a refused connection, a connection dropped after the request was sent) is exact.
import { startTestGateway, type TestGateway } from '@teamfit/gateway/testing';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Instance {
  name: string;
  port: number;
  /** `METHOD path` of every request it received. */
  seen: string[];
  /** Stops listening and drops open connections: the next connection is refused, as for a killed process. */
  kill(): Promise<void>;
}

/** Answers 200 `{instance}`; if it `drops`, on `/drop` it reads the whole request, then closes the connection without answering. */
async function startInstance(name: string, drops = true): Promise<Instance> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`);
    request.resume();
    request.on('end', () => {
      if (drops && request.url === '/drop') return void request.socket.destroy();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ instance: name }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    name,
    port: (server.address() as AddressInfo).port,
    seen,
    kill: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

let nextSource = 2;
/** Each test calls from a loopback address of its own: the per-address rate limit (10 r/s, burst 20) is not what is tested. */
const newSource = () => `127.0.0.${String(nextSource++)}`;

function call(gateway: TestGateway, source: string, method: string, pathName: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = method === 'GET' ? undefined : '{"note":"once"}';
    const request = http.request(
      {
        host: '127.0.0.1',
        port: gateway.port,
        method,
        path: pathName,
        localAddress: source,
        agent: false,
        headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('gateway with two instances of a service', () => {
  let first: Instance;
  let second: Instance;
  let gateway: TestGateway;

  beforeEach(async () => {
    first = await startInstance('first');
    second = await startInstance('second');
    gateway = await startTestGateway(ROOT, { evaluation: [first.port, second.port] });
  });

  afterEach(async () => {
    await gateway.stop();
    await first.kill();
    await second.kill();
  });

  it('spreads requests over both instances', async () => {
    const source = newSource();
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await call(gateway, source, 'GET', '/evaluation/ping'));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(first.seen).toHaveLength(5);
    expect(second.seen).toHaveLength(5);
  });

  it('keeps answering when one instance is gone: refused requests, POST included, go to the other', async () => {
    const source = newSource();
    await call(gateway, source, 'GET', '/evaluation/warm');
    await first.kill();
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await call(gateway, source, i % 2 === 0 ? 'GET' : 'POST', '/evaluation/after'));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(answers.map((answer) => JSON.parse(answer.body) as unknown)).toEqual(Array(6).fill({ instance: 'second' }));
    // Nothing reached the gone instance, and each POST was handled exactly once.
    expect(second.seen.filter((line) => line === 'POST /after')).toHaveLength(3);
  });

  it('sends a GET again to the other instance when the first dropped the connection after reading it', async () => {
    await gateway.stop();
    await second.kill();
    second = await startInstance('second', false);
    gateway = await startTestGateway(ROOT, { evaluation: [first.port, second.port] });
    const source = newSource();
    const answers = [await call(gateway, source, 'GET', '/evaluation/drop'), await call(gateway, source, 'GET', '/evaluation/drop')];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => JSON.parse(answer.body) as unknown)).toEqual([{ instance: 'second' }, { instance: 'second' }]);
    // Round robin sent one of the two to the first instance, which read it and dropped it.
    expect(first.seen).toEqual(['GET /drop']);
    expect(second.seen).toEqual(['GET /drop', 'GET /drop']);
  });

  it.each(['POST', 'PATCH'])('never sends a %s again once an instance has read it: 502 in the platform body', async (method) => {
    const source = newSource();
    const answer = await call(gateway, source, method, '/evaluation/drop');
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'The service behind this path is not answering',
    });
    expect([...first.seen, ...second.seen]).toEqual([`${method} /drop`]);
  });
});
