import { isDatabaseUnavailable } from '@teamfit/database';
import { DATABASE_UNAVAILABLE_MESSAGE, toErrorBody } from './error-body';

const withCode = (message: string, code: string, extra: object = {}) => Object.assign(new Error(message), { code, ...extra });
/** As Drizzle reports a failed query: its own error with the driver's as the cause. */
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('a lost or unreachable database', () => {
  const unavailable: Array<[string, Error]> = [
    ['a server shutting down (57P01 admin_shutdown)', withCode('terminating connection due to administrator command', '57P01')],
    ['a crashed server (57P02)', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a starting server (57P03 cannot_connect_now)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['no connection slots (53300)', withCode('sorry, too many clients already', '53300')],
    ['a refused TCP connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED', { syscall: 'connect' })],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET', { syscall: 'read' })],
    ['a Unix socket whose server is down', withCode('connect ENOENT /tmp/.s.PGSQL.5432', 'ENOENT', { syscall: 'connect' })],
    ['a connection that ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that found no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a client already broken', new Error('Client has encountered a connection error and is not queryable')],
  ];

  it.each(unavailable)('answers 503 with the platform body for %s, wrapped by the ORM or not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const expected = { statusCode: 503, error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE };
    expect(toErrorBody(error)).toEqual(expected);
    expect(toErrorBody(wrapped(error))).toEqual(expected);
  });

  it('leaves request errors and other failures alone', () => {
    expect(toErrorBody(wrapped(withCode('duplicate key value', '23505'))).statusCode).toBe(409);
    expect(toErrorBody(withCode('relation "x" does not exist', '42P01')).statusCode).toBe(500);
    // ENOENT from anything but connecting (a missing file) is not an outage.
    expect(isDatabaseUnavailable(withCode("ENOENT: no such file or directory, open 'x'", 'ENOENT', { syscall: 'open' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
