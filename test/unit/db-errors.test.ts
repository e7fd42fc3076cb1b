// The outage classifier (issue 14, item 10): every "database unavailable" shape the drivers raise
// is no_db; errors of the request itself (constraints, bad values) are not.
import { isDatabaseUnavailable } from '../../src/db/errors.ts';

/** Prisma's wrapping of a driver adapter error, as @prisma/adapter-pg builds it. */
const wrapped = (cause: Record<string, unknown>) =>
  Object.assign(new Error('Invalid invocation'), {
    name: 'PrismaClientKnownRequestError',
    code: 'P2010',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause } },
  });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const socketError = (code: string) => Object.assign(new Error(`connect ${code}`), { code, syscall: 'connect', errno: -1 });

test.each([
  [
    '57P01 admin shutdown (adapter)',
    wrapped({ kind: 'postgres', code: '57P01', originalCode: '57P01', message: 'terminating connection due to administrator command' }),
  ],
  ['57P02 crash shutdown (adapter)', wrapped({ kind: 'postgres', code: '57P02', originalCode: '57P02' })],
  ['57P03 starting up (pg)', pgError('57P03', 'the database system is starting up')],
  ['57P03 shutting down, message only', new Error('the database system is shutting down')],
  ['08006 connection failure', pgError('08006', 'connection failure')],
  ['08P01 protocol violation', wrapped({ kind: 'postgres', code: '08P01' })],
  ['53300 too many connections', wrapped({ kind: 'TooManyConnections', cause: 'sorry, too many clients already' })],
  ['ECONNREFUSED', socketError('ECONNREFUSED')],
  ['ECONNRESET (adapter kind)', wrapped({ kind: 'ConnectionClosed' })],
  ['EPIPE', socketError('EPIPE')],
  ['pool time-out', new Error('timeout exceeded when trying to connect')],
  ['connection terminated', new Error('Connection terminated unexpectedly')],
  ['client not queryable', new Error('Client has encountered a connection error and is not queryable')],
  ['P1001', Object.assign(new Error("Can't reach database server"), { code: 'P1001' })],
  ['P2024 pool time-out', Object.assign(new Error('Timed out fetching a new connection from the connection pool.'), { code: 'P2024' })],
  ['a cause chain', new Error('outer', { cause: new Error('middle', { cause: socketError('ECONNRESET') }) })],
])('%s is unavailable', (_name, error) => {
  expect(isDatabaseUnavailable(error)).toBe(true);
});

test.each([
  ['unique violation', wrapped({ kind: 'UniqueConstraintViolation', constraint: { fields: ['id'] } })],
  ['value out of range', wrapped({ kind: 'ValueOutOfRange', cause: 'integer out of range' })],
  ['22P02 invalid input', pgError('22P02', 'invalid input syntax for type integer')],
  ['a plain error', new Error('boom')],
  ['not an error', 'ECONNRESET'],
  ['null', null],
])('%s is not', (_name, error) => {
  expect(isDatabaseUnavailable(error)).toBe(false);
});
