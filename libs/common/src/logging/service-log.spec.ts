import { ServiceLog } from './service-log';

class Output {
  chunks: string[] = [];
  write(text: string): void {
    this.chunks.push(text);
  }
  lines(): Array<Record<string, unknown>> {
    return this.chunks
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve));
const STACK = 'Error: broken\n    at handler (app.js:1:1)';

describe('ServiceLog', () => {
  let output: Output;
  let log: ServiceLog;

  beforeEach(() => {
    output = new Output();
    log = new ServiceLog({ service: 'evaluation', level: 'log', format: 'json', output });
  });

  it("reads Nest's call shapes: a context last, a stack before it, an Error as the message", async () => {
    log.log('listening', 'Bootstrap');
    log.warn('slow', 'Jobs');
    log.error('broken', STACK, 'Filter');
    log.error('bare');
    log.error(new Error('thrown'));
    log.log({ rows: 2 });
    await nextTick();
    const [listening, slow, broken, bare, thrown, object] = output.lines();
    expect(listening).toMatchObject({ level: 'info', service: 'evaluation', message: 'listening', context: 'Bootstrap' });
    expect(slow).toMatchObject({ level: 'warn', message: 'slow', context: 'Jobs' });
    expect(broken).toMatchObject({ level: 'error', message: 'broken', context: 'Filter', stack: STACK });
    expect(bare).toEqual({ time: expect.any(String), level: 'error', service: 'evaluation', message: 'bare' });
    expect(thrown).toMatchObject({ level: 'error', message: 'thrown', stack: expect.stringMatching(/^Error: thrown\n/) });
    expect(object).toMatchObject({ level: 'info', message: '{ rows: 2 }' });
  });

  it('writes nothing below its level', async () => {
    log.debug('detail', 'X');
    log.verbose('more', 'X');
    expect(log.isEnabled('debug')).toBe(false);
    const quiet = new ServiceLog({ service: 'auth', level: 'error', format: 'json', output });
    quiet.warn('not shown');
    quiet.log('not shown');
    quiet.fatal('shown');
    await nextTick();
    expect(output.lines().map((line) => line['message'])).toEqual(['shown']);
  });

  it('collects lines during a tick and writes them in one go; errors go out at once', async () => {
    log.request('log', Date.now(), 'a', 'GET', '/x', 200, 1);
    log.request('log', Date.now(), 'b', 'GET', '/y', 200, 1);
    expect(output.chunks).toEqual([]);
    await nextTick();
    expect(output.chunks).toHaveLength(1);
    expect(output.lines().map((line) => line['requestId'])).toEqual(['a', 'b']);

    log.request('log', Date.now(), 'c', 'GET', '/z', 200, 1);
    log.error('now');
    // The error carries what was pending with it, in order.
    expect(output.lines().map((line) => line['requestId'] ?? line['message'])).toEqual(['a', 'b', 'c', 'now']);
  });

  it('writes a large batch before the tick ends', () => {
    for (let i = 0; i < 1_000; i += 1) log.request('log', Date.now(), `id-${i}`, 'GET', '/items', 200, 1);
    expect(output.chunks.length).toBeGreaterThan(0);
    log.flush();
    expect(output.lines()).toHaveLength(1_000);
  });

  describe('with tracing on', () => {
    const ids = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    // What @teamfit/tracing answers while a request's span is active (its e2e test: apps/organisation/test/traces.e2e-spec.ts).
    let active: typeof ids | undefined;
    const inSpan = (write: () => void) => {
      active = ids;
      write();
      active = undefined;
    };

    beforeEach(() => {
      log = new ServiceLog({ service: 'evaluation', level: 'log', format: 'json', output, traceIds: () => active });
    });

    it("adds the active span's trace and span ids to request lines and messages, and nothing outside a span", async () => {
      inSpan(() => {
        log.request('log', Date.now(), 'a', 'GET', '/x', 200, 1);
        log.error('broken', STACK, 'Filter');
      });
      log.request('log', Date.now(), 'b', 'GET', '/y', 200, 1);
      log.log('outside');
      await nextTick();
      const [traced, broken, plain, outside] = output.lines();
      expect(broken).toMatchObject({ message: 'broken', ...ids });
      expect(traced).toMatchObject({ requestId: 'a', ...ids });
      expect(Object.keys(plain ?? {})).toEqual(['time', 'level', 'service', 'requestId', 'method', 'path', 'status', 'durationMs']);
      expect(outside).not.toHaveProperty('traceId');
    });
  });

  it('asks @teamfit/tracing by default, which answers nothing while tracing is off', async () => {
    log.request('log', Date.now(), 'a', 'GET', '/x', 200, 1);
    await nextTick();
    expect(Object.keys(output.lines()[0] ?? {})).toEqual([
      'time',
      'level',
      'service',
      'requestId',
      'method',
      'path',
      'status',
      'durationMs',
    ]);
  });
});
