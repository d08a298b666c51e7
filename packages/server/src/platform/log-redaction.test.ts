import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { insertUser } from '../test/factories/users';
import { sha512 } from './passwords';
import { redactDatabaseMessage, serializeError, statementName } from './log-redaction';

describe('error logs', () => {
  it('a database error with a token in flight logs the statement name and shape, never the parameters, digest, token or e-mail', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { logLevel: 'info' },
      {
        logStream: { write: (line: string) => void lines.push(line) },
        extend: (app) =>
          app.get('/api/test-fault/', async (request) => {
            const token = String(request.headers.authorization).slice('Token '.length);
            const user = await app.identity.resolveToken(token);
            // A statement that fails on its own parameters, which PostgreSQL then quotes back.
            await app.database.db.execute(sql`select ${sha512(token)}::regclass as id, ${user!.email}::text as email from auth_token where digest = ${sha512(token)}`);
            return {};
          }),
      },
    );
    try {
      const user = await insertUser(t);
      const response = await t.request({ method: 'GET', url: '/api/test-fault/', token: user.token });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'A server error occurred.' });

      const text = lines.join('');
      for (const secret of [user.token, sha512(user.token), sha512(user.token).slice(0, 40), user.email]) expect(text).not.toContain(secret);
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> }).find((line) => line.msg === 'unhandled error')!;
      expect(logged.err).toMatchObject({ statement: 'select auth_token', paramCount: 3, message: 'Failed query: select auth_token' });
      expect(logged.err!.sql).toContain('where digest = $3');
      expect(logged.err!.cause).toMatchObject({ code: '42P01', message: 'relation "?" does not exist' });
      expect(JSON.stringify(logged)).not.toMatch(/[0-9a-f]{32}/);
    } finally {
      await t.close();
    }
  });

  it('redacts quoted values, key details, digests and addresses from any error', () => {
    expect(redactDatabaseMessage('Key (email)=(ada@example.com) already exists.')).toBe('Key (email)=(?) already exists.');
    expect(statementName('insert into "helpdesk_ticket" ("id") values ($1)')).toBe('insert helpdesk_ticket');
    const plain = serializeError(new Error(`token ${'ab'.repeat(32)} of grace@example.org`));
    expect(plain.message).toBe('token [redacted] of [email]');
    expect(plain.stack).not.toContain('ab'.repeat(32));
  });
});
