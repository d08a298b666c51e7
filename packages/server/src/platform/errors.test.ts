import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isConnectionLoss, registerErrorHandler } from './errors';

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
