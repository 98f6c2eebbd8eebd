// The floor under an authenticated read on this machine, for `npm run bench:http`: the work of
// `GET /evaluation/:id` with no framework at all. The token is checked through the platform's own
// verified-token cache (a hit after the first request, as in the services), the evaluation row is
// read by one named prepared statement on a shared pipelined connection, as the services read it
// (libs/database, SharedPipeline), over the same socket, and its summary is answered as JSON. Two
// variants: Node's `http` alone (`node`) and Fastify alone (`fastify`, the services' HTTP layer
// without NestJS). No service can serve this read faster than these rows, so the distance from
// them to the service's row is what the platform's code adds.
// Run by bench:http only: node dist/bench/read-floor.server.js <node|fastify>, with PORT,
// DATABASE_URL and JWT_PUBLIC_KEY in the environment.
import { TokenSigner, VerifiedTokenCache } from '@teamfit/auth';
import { SharedPipeline } from '@teamfit/database';
import Fastify from 'fastify';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const READ_EVALUATION = {
  name: 'floor_evaluation_by_id',
  text: 'SELECT id, persona_id, team_id, status, answered, total, created_at, updated_at FROM evaluation.evaluations WHERE id = $1',
};

interface EvaluationRow {
  id: string;
  persona_id: string;
  team_id: number;
  status: string;
  answered: number;
  total: number;
  created_at: Date;
  updated_at: Date;
}

type Answer = { status: number; body: string };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const statements = new SharedPipeline({ connectionString: required('DATABASE_URL') }, 'read-floor');
const tokens = new VerifiedTokenCache(
  new TokenSigner({ publicKeyPem: required('JWT_PUBLIC_KEY'), issuer: 'teamfit', audience: 'teamfit-api' }),
);

const refusal = (status: number, error: string, message: string): Answer => ({
  status,
  body: JSON.stringify({ statusCode: status, error, message }),
});

/** The read itself, the same for both variants. */
async function readEvaluation(authorization: string | undefined, id: string): Promise<Answer> {
  if (!authorization?.startsWith('Bearer ')) return refusal(401, 'Unauthorized', 'No Bearer token');
  try {
    tokens.verify(authorization.slice(7));
  } catch {
    return refusal(403, 'Forbidden', 'Invalid or expired token');
  }
  if (!UUID.test(id)) return refusal(400, 'Bad Request', 'Invalid id');
  const { rows } = await statements.query<EvaluationRow>(READ_EVALUATION, [id]);
  const row = rows[0];
  if (!row) return refusal(404, 'Not Found', 'Evaluation not found');
  const summary = {
    id: row.id,
    personaId: row.persona_id,
    teamId: row.team_id,
    status: row.status,
    progress: { answered: row.answered, total: row.total },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
  return { status: 200, body: JSON.stringify(summary) };
}

const PREFIX = '/evaluation/';

function serveWithNode(port: number): void {
  const send = (response: ServerResponse, { status, body }: Answer) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  };
  createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    if (request.method !== 'GET' || !url.startsWith(PREFIX)) return send(response, refusal(404, 'Not Found', 'Cannot GET'));
    readEvaluation(request.headers.authorization, url.slice(PREFIX.length)).then(
      (answer) => send(response, answer),
      () => send(response, refusal(500, 'Internal Server Error', 'Internal server error')),
    );
  }).listen(port, '127.0.0.1');
}

function serveWithFastify(port: number): void {
  const app = Fastify();
  app.get<{ Params: { id: string } }>('/evaluation/:id', async (request, reply) => {
    const { status, body } = await readEvaluation(request.headers.authorization, request.params.id);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
  void app.listen({ port, host: '127.0.0.1' });
}

const port = Number(required('PORT'));
const variant = process.argv[2];
if (variant === 'node') serveWithNode(port);
else if (variant === 'fastify') serveWithFastify(port);
else throw new Error(`usage: read-floor.server.js <node|fastify>, not ${String(variant)}`);
