// No Docker engine runs on the machines this is built on, so the compose file is checked against
// the code instead: every service, port and environment variable it names must exist.
import { SERVICE_ENVIRONMENT_VARIABLES, SERVICE_NAMES, SERVICES } from '@teamfit/common';
import { READINESS_PATH } from '@teamfit/common/services';
import { GATEWAY_VARIABLE_NAMES } from '@teamfit/gateway';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { RUNNER_ENVIRONMENT_VARIABLES } from '../runner/runner-config';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface ComposeService {
  container_name?: string;
  build?: string | { context: string; dockerfile?: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, unknown> | string[];
  healthcheck?: { test?: string[]; interval?: string; timeout?: string; retries?: number; start_period?: string };
  secrets?: string[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file?: string }>;
};
const services = compose.services;
/** What the gateway image reads besides its template's placeholders (gateway/render-config.sh). */
const GATEWAY_IMAGE_SETTINGS = [...SERVICE_NAMES.map((name) => `${name.toUpperCase()}_UPSTREAM`), 'GATEWAY_RESOLVER'];
const KNOWN_VARIABLES = new Set([
  ...SERVICE_ENVIRONMENT_VARIABLES,
  ...GATEWAY_VARIABLE_NAMES,
  ...GATEWAY_IMAGE_SETTINGS,
  ...RUNNER_ENVIRONMENT_VARIABLES,
]);

describe('docker-compose.yml', () => {
  it('has postgres, maildev, the five services, the gateway, the admin console and the hub, and nothing else', () => {
    expect(Object.keys(services).sort()).toEqual(['admin', 'gateway', 'hub', 'maildev', 'postgres', ...SERVICE_NAMES].sort());
  });

  it.each([
    ['hub', 'hub-web', '3001'],
    ['admin', 'admin-web', '3000'],
  ])(
    'serves the built %s (apps/%s) from the one Dockerfile through the web host on port %s, calling the public gateway address',
    (name, app, port) => {
      const web = services[name];
      expect(web?.build).toEqual({ context: '.', dockerfile: 'Dockerfile', args: { APP: app } });
      expect(web?.environment?.['PORT']).toBe(port);
      expect(web?.ports).toEqual([`${port}:${port}`]);
      expect(web?.environment?.['PUBLIC_BASE_URL']).toBe('${PUBLIC_BASE_URL:-http://localhost:8080}');
      expect(web?.healthcheck?.test?.join(' ')).toContain(`http://127.0.0.1:${port}/`);
      expect(existsSync(path.join(ROOT, 'apps', app, 'index.html'))).toBe(true);
      expect(read('deploy/start-service.sh')).toContain('exec node "$here/../dist/tools/web-host/serve-web-app.js" "$1"');
      expect(existsSync(path.join(ROOT, 'tools', 'web-host', 'serve-web-app.ts'))).toBe(true);
    },
  );

  it.each(SERVICE_NAMES)('%s: built from the one Dockerfile with APP set to its name, on its internal port', (name) => {
    const service = services[name];
    expect(service?.build).toEqual({ context: '.', dockerfile: 'Dockerfile', args: { APP: name } });
    expect(service?.environment?.['PORT']).toBe(String(SERVICES[name].port));
    expect(existsSync(path.join(ROOT, 'apps', name, 'src', 'main.ts'))).toBe(true);
    expect(service?.environment?.['DATABASE_URL']).toMatch(/@postgres:5432\//);
  });

  it('hands the keys over as secret files, the private key only to the services that sign tokens', () => {
    const holders = SERVICE_NAMES.filter((name) => (services[name]?.secrets ?? []).includes('jwt_private_key'));
    expect(holders.sort()).toEqual(['auth', 'profile']);
    for (const name of SERVICE_NAMES) {
      const environment = services[name]?.environment ?? {};
      expect(environment['JWT_PUBLIC_KEY_FILE']).toBe('/run/secrets/jwt_public_key');
      expect(services[name]?.secrets).toContain('jwt_public_key');
      expect(environment['JWT_PRIVATE_KEY_FILE']).toBe(holders.includes(name) ? '/run/secrets/jwt_private_key' : undefined);
      // No key as a plain variable: `docker inspect` would show it.
      expect(environment['JWT_PRIVATE_KEY']).toBeUndefined();
      expect(environment['JWT_PUBLIC_KEY']).toBeUndefined();
    }
    expect(compose.secrets?.['jwt_private_key']?.file).toMatch(/^\$\{JWT_PRIVATE_KEY_PATH:\?/);
    expect(compose.secrets?.['jwt_public_key']?.file).toMatch(/^\$\{JWT_PUBLIC_KEY_PATH:\?/);
  });

  it('takes the database password from the environment, with no default in the file', () => {
    expect(services['postgres']?.environment?.['POSTGRES_PASSWORD']).toBe('${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}');
    for (const name of SERVICE_NAMES)
      expect(services[name]?.environment?.['DATABASE_URL']).toBe(
        'postgres://teamfit:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}@postgres:5432/teamfit',
      );
    expect(read('docker-compose.yml')).not.toMatch(/POSTGRES_PASSWORD:-/);
  });

  it('checks the health of the gateway (its /health) and MailDev (its /healthz), and the services wait for MailDev', () => {
    expect(services['gateway']?.healthcheck?.test?.join(' ')).toContain('GET /health HTTP/1.0');
    expect(services['maildev']?.healthcheck?.test).toEqual(['CMD', 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1:1080/healthz']);
    for (const name of SERVICE_NAMES) expect(services[name]?.depends_on).toMatchObject({ maildev: { condition: 'service_healthy' } });
  });

  it('points the gateway at every service by compose name and internal port', () => {
    const environment = services['gateway']?.environment ?? {};
    for (const name of SERVICE_NAMES) expect(environment[`${name.toUpperCase()}_UPSTREAM`]).toBe(`${name}:${SERVICES[name].port}`);
    // From the repository root: the image holds the committed OpenAPI document and the Swagger UI files.
    expect(services['gateway']?.build).toEqual({ context: '.', dockerfile: 'gateway/Dockerfile' });
  });

  it.each(SERVICE_NAMES)('%s can be scaled (docker compose up --scale): no host port, no fixed container name', (name) => {
    expect(services[name]?.ports).toBeUndefined();
    expect(services[name]?.container_name).toBeUndefined();
  });

  it('publishes MailDev (an inbox holding sign-in codes) on the loopback interface only', () => {
    const ports = services['maildev']?.ports ?? [];
    expect(ports).toContain('127.0.0.1:1080:1080');
    for (const port of ports) expect(port).toMatch(/^127\.0\.0\.1:/);
  });

  it.each(SERVICE_NAMES)('%s: healthy when ready, by the readiness probe the image carries', (name) => {
    const test = services[name]?.healthcheck?.test ?? [];
    expect(test.slice(0, 2)).toEqual(['CMD', 'node']);
    // The image runs from /app with the built tree in dist/: the probe is a built source file.
    const probe = test[2] ?? '';
    expect(probe).toMatch(/^dist\/libs\/.+\.js$/);
    const source = read(probe.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
    expect(source).toContain('READINESS_PATH');
    expect(source).toContain("process.env['PORT']");
    expect(READINESS_PATH).toBe('/health/ready');
    expect(read('Dockerfile')).toMatch(/^WORKDIR \/app$/m);
  });

  it('starts the gateway only once every service is healthy', () => {
    const dependsOn = services['gateway']?.depends_on;
    expect(dependsOn).toEqual(Object.fromEntries(SERVICE_NAMES.map((name) => [name, { condition: 'service_healthy' }])));
  });

  it('runs the MailDev that `npm start` runs, whose inbox API the docs show', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> };
    const version = lock.packages['node_modules/maildev']?.version;
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(services['maildev']?.image).toBe(`maildev/maildev:${version}`);
    // MailDev 3 serves its inbox under /api (MailDev 2 served /email).
    expect(read('docs/running.md')).toContain('/api/email');
    expect(read('docs/walkthrough.md')).toContain('localhost:1080/api/email');
    expect(read('tools/runner/mail-catcher.ts')).toContain("import('maildev')");
  });

  it('names only environment variables the code reads', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'postgres' || name === 'maildev') continue;
      for (const variable of Object.keys(service.environment ?? {}))
        expect({ service: name, variable, known: KNOWN_VARIABLES.has(variable) }).toEqual({ service: name, variable, known: true });
    }
  });
});

describe('Dockerfiles and .env.example', () => {
  it('one Dockerfile serves all apps through the APP build argument, started with the runtime settings `npm start` uses', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^ARG APP$/m);
    expect(dockerfile).toContain('CMD ["sh", "-c", "exec sh deploy/start-service.sh \\"$APP\\""]');
    expect(dockerfile).toMatch(/^COPY deploy \.\/deploy$/m);
    // The V8 and glibc settings live in deploy/node-runtime.env alone.
    expect(dockerfile).not.toMatch(/semi-space|MALLOC_/);
  });

  it('every image runs the Node major that package.json declares', () => {
    const major = /^>=(\d+)\./.exec((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node)?.[1];
    for (const file of ['Dockerfile', 'gateway/Dockerfile']) {
      const nodeImages = [...read(file).matchAll(/^FROM node:(\d+)-/gm)].map((match) => match[1]);
      expect({ file, nodeImages: [...new Set(nodeImages)] }).toEqual({ file, nodeImages: [major] });
    }
  });

  it('the gateway image substitutes exactly the placeholders the template uses', () => {
    expect(read('gateway/Dockerfile')).toContain('sh /etc/nginx/render-config.sh < /etc/nginx/nginx.conf.template > /etc/nginx/nginx.conf');
    const envsubst = /envsubst '([^']+)'/.exec(read('gateway/render-config.sh'))?.[1] ?? '';
    const substituted = [...envsubst.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]);
    expect(substituted.sort()).toEqual([...GATEWAY_VARIABLE_NAMES].sort());
  });

  it('the gateway image sets every path placeholder to a folder or file it copies in, from sources that exist', () => {
    const dockerfile = read('gateway/Dockerfile');
    const copies = [...dockerfile.matchAll(/^COPY (--from=\S+ )?(.+) (\S+)$/gm)].map((match) => ({
      fromStage: match[1] !== undefined,
      sources: (match[2] ?? '').split(' '),
      target: match[3] ?? '',
    }));
    for (const copy of copies.filter((entry) => !entry.fromStage))
      for (const source of copy.sources) expect({ source, exists: existsSync(path.join(ROOT, source)) }).toEqual({ source, exists: true });
    const env = Object.fromEntries(
      [...dockerfile.matchAll(/^\s*(?:ENV )?([A-Z_]+)=(\S+?)(?: \\)?$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']),
    );
    for (const name of ['STATIC_ROOT', 'DOCS_PAGE_ROOT', 'SWAGGER_UI_ROOT', 'OPENAPI_DOCUMENT'])
      expect({ name, copied: copies.some((copy) => copy.target === env[name]) }).toEqual({ name, copied: true });
    expect(dockerfile).toMatch(/^COPY --from=production-deps \/app\/node_modules\/swagger-ui-dist \S+$/m);
  });

  it('.env.example documents every setting and only real ones', () => {
    const documented = read('.env.example')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split('=')[0] ?? '');
    const expected = [...SERVICE_ENVIRONMENT_VARIABLES, ...RUNNER_ENVIRONMENT_VARIABLES].filter(
      (name) => !['PORT', 'HOST', 'NODE_ENV'].includes(name),
    );
    expect([...new Set(documented)].sort()).toEqual([...new Set(expected)].sort());
  });

  it('.dockerignore sends only what the Dockerfiles copy: never local data, keys, .env, node_modules or .git', () => {
    const lines = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(lines[0]).toBe('*');
    const allowed = lines.filter((line) => line.startsWith('!')).map((line) => line.slice(1));
    const sources = ['Dockerfile', 'gateway/Dockerfile'].flatMap((file) =>
      [...read(file).matchAll(/^COPY (?!--from=)(.+) \S+$/gm)].flatMap((match) => (match[1] ?? '').split(' ')),
    );
    for (const source of sources) {
      const sent = allowed.some((entry) => source === entry || source.startsWith(`${entry}/`));
      expect({ source, sent }).toEqual({ source, sent: true });
    }
    for (const entry of allowed)
      expect({ entry, copied: sources.some((source) => source === entry || source.startsWith(`${entry}/`)) }).toEqual({
        entry,
        copied: true,
      });
    expect(lines).toEqual(expect.arrayContaining(['**/node_modules', '**/.data']));
    for (const secret of ['.data', '.env', 'node_modules', '.git', 'dist']) expect(allowed).not.toContain(secret);
  });
});
