/**
 * Screenshots for issue 32 (knowledge base) on the demo data at 1280 and 390 px, saved to
 * docs/screenshots/: an article as its editor sees it, the editor, the diff between two versions,
 * and "These may help" under a ticket title in the help drawer.
 * Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-knowledge.ts
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  demoAdminToken,
  demoApi,
  launchScreenshotBrowser,
  newScreenshotPage,
  screenshotsDir as out,
  signInDemoAdmin,
  startDemoServer,
} from './fixtures/demo-server';

const { baseUrl, stop } = await startDemoServer();

const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

const p = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const list = (...items: string[]) => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [p(item)] })),
});
const bold = (text: string, rest: string) => ({
  type: 'paragraph',
  content: [
    { type: 'text', text, marks: [{ type: 'bold' }] },
    { type: 'text', text: rest },
  ],
});

try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  const category = await call<{ id: string }>('POST', '/api/knowledge/categories/', { name: 'Kitchen procedures', position: 10 });
  const first = {
    title: 'Dishwasher failure',
    body: {
      type: 'doc',
      content: [
        p('When the dishwasher stops mid-cycle or leaks, follow these steps before raising a ticket.'),
        list('Switch it off at the wall.', 'Check the filter and the drain for food scraps.', 'Restart it once.'),
        bold('Still failing? ', 'Raise a ticket with the machine number and a photo of the display.'),
      ],
    },
    category: category.id,
    status: 'PUBLISHED',
    acknowledgement_required: true,
    audience: { user_types: [5, 4], legal_entities: [], clients: [], cost_centres: [] },
    review_by: '2027-03-31',
  };
  const article = await call<{ id: string }>('POST', '/api/knowledge/articles/', first);
  await call('PATCH', `/api/knowledge/articles/${article.id}/`, {
    title: 'Dishwasher failure procedure',
    body: {
      type: 'doc',
      content: [
        p('When the dishwasher stops mid-cycle, leaks or shows an error code, follow these steps before raising a ticket.'),
        list(
          'Switch it off at the wall and wait one minute.',
          'Check the filter and the drain for food scraps.',
          'Restart it once.',
          'Hand-wash the cutlery meanwhile.',
        ),
        bold('Still failing? ', 'Raise a ticket with the machine number, the error code and a photo of the display.'),
      ],
    },
  });

  const browser = await launchScreenshotBrowser();
  for (const width of [1280, 390]) {
    const page = await newScreenshotPage(browser, baseUrl, width);
    await signInDemoAdmin(page);

    await page.goto(`/knowledge/${article.id}`);
    await page.getByRole('document', { name: 'Dishwasher failure procedure' }).waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await page.screenshot({ path: path.join(out, `knowledge-article-${width}.png`), fullPage: width === 390 });

    await page.goto(`/knowledge/${article.id}?tab=edit`);
    await page.getByRole('toolbar', { name: 'Text formatting' }).waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await page.screenshot({ path: path.join(out, `knowledge-editor-${width}.png`), fullPage: true });

    await page.goto(`/knowledge/${article.id}?tab=versions`);
    await page.getByRole('document', { name: /Changes from version 1 to version 2/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await page.screenshot({ path: path.join(out, `knowledge-diff-${width}.png`), fullPage: true });

    await page.goto('/');
    await page.getByRole('button', { name: 'Help and support' }).click();
    await page.getByRole('menuitem', { name: 'Create a Ticket' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Report an Issue' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('dishwaser leaking');
    await page.getByRole('region', { name: 'These may help' }).waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(out, `knowledge-suggestions-${width}.png`) });
    await page.context().close();
  }
  await browser.close();
} finally {
  await stop();
}
