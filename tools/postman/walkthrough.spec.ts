import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { missingPart, readWalkthrough, runWalkthrough, walkthroughScript } from './walkthrough';

const ROOT = path.resolve(__dirname, '../..');
const fence = (...lines: string[]) => ['```sh', ...lines, '```'].join('\n');

describe('docs/walkthrough.md as a script', () => {
  const page = readWalkthrough(ROOT);
  const target = {
    gatewayUrl: 'http://127.0.0.1:18080',
    inboxUrl: 'http://127.0.0.1:11080',
    adminEmail: 'boss@example.test',
    dataDir: '/tmp/teamfit-scratch',
  };

  it('goes through the gateway and the inbox only, both of which the run points elsewhere', () => {
    const blocks = [...page.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const hosts = new Set(blocks.join('\n').match(/localhost:\d+/g));
    expect([...hosts].sort()).toEqual(['localhost:1080', 'localhost:8080']);

    const { script } = walkthroughScript(page, target);
    expect(script).not.toMatch(/localhost:(?:8080|1080)|admin@teamfit\.local/);
    expect(script).toContain('127.0.0.1:18080/auth/login');
    expect(script).toContain('127.0.0.1:11080/api/email');
    expect(script).toContain('boss@example.test');
    // The inbox's credentials, from the run's data folder.
    expect(script).toContain('cat /tmp/teamfit-scratch/secrets/maildev-inbox');
    expect(script).toContain('curl -s -u "$INBOX" 127.0.0.1:11080/api/email');
    expect(script).not.toMatch(/(?<![\w/.-])\.data\//);
  });

  it('checks the answers the page shows, with the line each starts on', () => {
    const { answers } = walkthroughScript(page, target);
    expect(answers.length).toBeGreaterThanOrEqual(15);
    const lines = page.split('\n');
    for (const answer of answers) expect(lines[answer.line - 1]).toMatch(/^# -> /);
    // A shown answer spread over several comment lines is one answer.
    expect(answers.find((answer) => answer.shown.includes('"overallScore":81.02,"scoringVersion"'))?.shown).toContain('"status":"complete"');
  });
});

describe('missingPart', () => {
  it('finds the parts between the ellipses in order', () => {
    expect(missingPart('{"a":1,…"c":3}', '{"a":1,"b":2,"c":3}')).toBeUndefined();
    expect(missingPart('…"b":2…', '{"a":1,"b":2,"c":3}')).toBeUndefined();
    expect(missingPart('{"a":1,…"c":4}', '{"a":1,"b":2,"c":3}')).toBe('"c":4}');
    expect(missingPart('"c":3…"a":1', '{"a":1,"b":2,"c":3}')).toBe('"a":1');
  });
});

describe('runWalkthrough', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/profile/health') {
        response.end('{"status":"ok","uptime":12}');
        return;
      }
      response.statusCode = 404;
      response.end('{"statusCode":404,"error":"Not Found","message":"Cannot GET /nowhere"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = (page: string) => runWalkthrough(page, { gatewayUrl: url, inboxUrl: url }, 30_000);

  it('passes when every command works and prints what the page shows', async () => {
    const page = ['# A page', '', fence('STATUS=$(curl -s localhost:8080/profile/health)', 'echo "$STATUS"', '# -> {"status":"ok",…}'), 'Prose.', fence('echo "still $STATUS"', '# -> still …"uptime":12}')].join('\n');
    await expect(run(page)).resolves.toEqual(expect.objectContaining({ failures: [] }));
  });

  it('fails on a call the platform answers with an error, naming the line of the page', async () => {
    const page = ['# A page', fence('curl -s localhost:8080/profile/health', 'curl -s localhost:8080/nowhere', 'echo never')].join('\n');
    const { failures, output } = await run(page);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^docs\/walkthrough\.md:4: the walk-through stopped/);
    expect(output).not.toContain('never');
  });

  it('fails on a failing command inside a command substitution or a function', async () => {
    const page = fence('get() { curl -s localhost:8080/$1 | cat; }', 'X=$(get nowhere)', 'echo "never $X"');
    const { failures, output } = await run(page);
    expect(failures[0]).toMatch(/the walk-through stopped/);
    expect(output).not.toContain('never');
  });

  it('fails when a command prints something other than the page shows', async () => {
    const page = fence('curl -s localhost:8080/profile/health', '# -> {"status":"down"}');
    const { failures } = await run(page);
    expect(failures).toEqual([expect.stringMatching(/^docs\/walkthrough\.md:3: the platform did not print "\{\\"status\\":\\"down\\"\}"/)]);
  });
});
