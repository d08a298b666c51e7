import { it } from 'vitest';
import fs from 'node:fs';
import { createTestApp } from './test/test-app';
it('dumps', async () => {
  const t = await createTestApp();
  const r = await t.request({ method: 'GET', url: '/api/schema/' });
  fs.writeFileSync(process.env.DOC_OUT ?? '/tmp/doc-before.json', r.body);
  fs.writeFileSync((process.env.DOC_OUT ?? '/tmp/doc-before.json') + '.routes', JSON.stringify(t.app.registeredRoutes));
  await t.close();
});
