import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser } from './test/factories/users';
import { DEMO_PASSWORD } from './modules/records/records.seed';
import { startLine } from './start-line';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the npm start line', () => {
  it('names the address alone while no demo user exists', async () => {
    const line = await startLine({ host: '127.0.0.1', port: 8000 }, t.database);
    expect(line).toBe(`Serving API and web app on http://127.0.0.1:8000/ (database: ${t.database.engine})`);
    expect(line).not.toContain('\n');
  });

  it('adds the demo sign-ins and their shared password once the demo users exist', async () => {
    await insertUser(t, { email: 'ops.user@demo.example' });
    const line = await startLine({ host: '0.0.0.0', port: 8123 }, t.database);
    expect(line).toBe(
      `Serving API and web app on http://localhost:8123/ (database: ${t.database.engine}) · demo sign-ins ops.user @demo.example, password ${DEMO_PASSWORD}`,
    );
  });
});
