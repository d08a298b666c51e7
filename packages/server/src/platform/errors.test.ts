import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseErrorOf, isConnectionLoss, mapDatabaseError } from './errors';
import { registerErrorHandler } from './error-handler';

/** Errors as pg and drizzle raise them when the database connection goes away mid-request. */
const LOST = [
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }),
  Object.assign(new Error('server closed the connection'), { code: '08006' }),
  Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  new Error('Connection terminated unexpectedly'),
  new Error('Connection terminated'),
  new Error('timeout exceeded when trying to connect'),
  Object.assign(new Error('Failed query: insert into ...'), { cause: new Error('Connection terminated unexpectedly') }),
  Object.assign(new Error('Failed query: select 1'), {
    cause: Object.assign(new Error('terminating connection'), { code: '57P01' }),
  }),
];

describe('database connection loss', () => {
  it.each(LOST.map((e) => [e.message, e]))('"%s" answers 503 with Retry-After in the DRF shape', async (_m, error) => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'Service temporarily unavailable, try again later.' });
    expect(response.headers['retry-after']).toBe('1');
    await app.close();
  });

  it('other errors are not mistaken for it', () => {
    expect(isConnectionLoss(new Error('duplicate key value'))).toBe(false);
    expect(isConnectionLoss(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isConnectionLoss(null)).toBe(false);
  });
});

describe('database errors', () => {
  it('a unique violation names its column; fields that are not strings are left out, not read', () => {
    const raised = Object.assign(new Error('duplicate key value'), { code: '23505', detail: 'Key (code)=(X) already exists.', column: 42 });
    const database = databaseErrorOf(raised);
    expect(database).toEqual({ code: '23505', column: undefined, constraint: undefined, detail: 'Key (code)=(X) already exists.' });
    expect(mapDatabaseError(database!)?.body).toEqual({ code: ['A record with this value already exists.'] });
    expect(databaseErrorOf(Object.assign(new Error('odd'), { code: 23505 }))).toBeUndefined();
    expect(databaseErrorOf('23505')).toBeUndefined();
  });

  it('the error handler answers a drizzle-wrapped constraint violation as a 400 naming the field', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw Object.assign(new Error('Failed query: insert ...'), {
        cause: Object.assign(new Error('insert violates'), { code: '23503', detail: 'Key (client_id)=(x) is not present in table.' }),
      });
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ client_id: ['The referenced record does not exist.'] });
    await app.close();
  });
});
