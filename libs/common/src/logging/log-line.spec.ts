import fc from 'fast-check';
import { formatMessageLine, formatRequestLine, isoTime, jsonString } from './log-line';

const TIME = Date.parse('2026-05-04T09:30:00.123Z');

describe('jsonString', () => {
  it('quotes plain text as it is and escapes what JSON cannot hold', () => {
    expect(jsonString('/account/42')).toBe('"/account/42"');
    expect(jsonString('a"b\\c\nd\u0001')).toBe('"a\\"b\\\\c\\nd\\u0001"');
    expect(jsonString('\ud800')).toBe('"\\ud800"');
  });

  it('always gives a JSON string that reads back as the same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const literal = jsonString(text);
        expect(JSON.parse(literal)).toBe(text);
        expect(literal).not.toMatch(/[\n\r]/);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('formatRequestLine', () => {
  it('writes the fixed fields as one JSON object on one line', () => {
    const line = formatRequestLine('json', TIME, 'info', 'profile', 'gw-1', 'GET', '/persona/"x"\n', 404, 1.23456);
    expect(line.endsWith('}\n')).toBe(true);
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(JSON.parse(line)).toEqual({
      time: '2026-05-04T09:30:00.123Z',
      level: 'info',
      service: 'profile',
      requestId: 'gw-1',
      method: 'GET',
      path: '/persona/"x"\n',
      status: 404,
      durationMs: 1.235,
    });
  });

  it('ends with the trace and span ids when a span is active, and is otherwise the same line', () => {
    const ids = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    const plain = formatRequestLine('json', TIME, 'info', 'profile', 'gw-1', 'GET', '/persona', 200, 1);
    const traced = formatRequestLine('json', TIME, 'info', 'profile', 'gw-1', 'GET', '/persona', 200, 1, ids);
    expect(traced).toBe(`${plain.slice(0, -2)},"traceId":"${ids.traceId}","spanId":"${ids.spanId}"}\n`);
    expect(JSON.parse(traced)).toEqual({ ...(JSON.parse(plain) as object), ...ids });
    expect(formatRequestLine('pretty', TIME, 'info', 'profile', 'gw-1', 'GET', '/persona', 200, 1, ids)).toBe(
      formatRequestLine('pretty', TIME, 'info', 'profile', 'gw-1', 'GET', '/persona', 200, 1),
    );
  });

  it('reads back any request id and path exactly, on one line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (requestId, path) => {
        const line = formatRequestLine('json', TIME, 'info', 'auth', requestId, 'POST', path, 201, 2);
        expect(line.indexOf('\n')).toBe(line.length - 1);
        expect(JSON.parse(line)).toMatchObject({ requestId, path, status: 201 });
      }),
      { numRuns: 1_000 },
    );
  });

  it('writes a line for people', () => {
    expect(formatRequestLine('pretty', TIME, 'debug', 'media', 'r-2', 'HEAD', '/health', 200, 0.5)).toBe(
      '2026-05-04T09:30:00.123Z DEBUG media HEAD /health 200 0.5 ms [r-2]\n',
    );
  });
});

describe('formatMessageLine', () => {
  it('keeps a stack on the one line of its JSON object and leaves out absent fields', () => {
    const stack = 'Error: no\n    at x (y.js:1:2)';
    const line = formatMessageLine(
      { time: TIME, level: 'error', service: 'auth', message: 'no', requestId: 'r', errorId: 'r', stack },
      'json',
    );
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(JSON.parse(line)).toEqual({
      time: '2026-05-04T09:30:00.123Z',
      level: 'error',
      service: 'auth',
      message: 'no',
      requestId: 'r',
      errorId: 'r',
      stack,
    });
    expect(JSON.parse(formatMessageLine({ time: TIME, level: 'info', service: 'auth', message: 'listening' }, 'json'))).toEqual({
      time: '2026-05-04T09:30:00.123Z',
      level: 'info',
      service: 'auth',
      message: 'listening',
    });
  });

  it('writes a message for people, its stack below it', () => {
    const line = formatMessageLine(
      {
        time: TIME,
        level: 'error',
        service: 'auth',
        message: 'no',
        context: 'Ctx',
        requestId: 'r',
        method: 'GET',
        path: '/x',
        stack: 'Error: no\n    at z',
      },
      'pretty',
    );
    expect(line).toBe('2026-05-04T09:30:00.123Z ERROR auth [Ctx] GET /x: no [r]\nError: no\n    at z\n');
  });
});

describe('isoTime', () => {
  it('is the ISO text of the millisecond, whatever the order of calls', () => {
    for (const ms of [TIME, TIME, TIME + 1, TIME, 0]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});
