import { it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { insertUser } from '../test/factories/users';
it('probe', async () => {
  const t = await createTestApp({ logLevel: 'error' });
  const u = await insertUser(t, { superuser: true });
  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  for (const d of [100, 1000, 5000]) {
    const r = await t.request({ method: 'POST', url: '/api/helpdesk/tickets/', token: u.token, payload: `{"title":"x","ticket_type":"ISSUE","ticket_content":${deep(d)}}`, headers: { 'content-type': 'application/json' } });
    console.log(d, r.statusCode, r.body.slice(0, 200));
  }
  await t.close();
});
