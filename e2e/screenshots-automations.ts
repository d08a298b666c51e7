/**
 * Screenshots of Automations (issue 33) on the demo data, saved to docs/screenshots/: the rule list,
 * the builder with a dry run's answer, the versions' diff, the run log and the webhooks with their
 * deliveries, at 1280 and 390 px. Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-automations.ts
 */
import path from 'node:path';
import {
  demoAdminToken,
  demoApi,
  launchScreenshotBrowser,
  newScreenshotPage,
  screenshotsDir as out,
  signInDemoAdmin,
  startDemoServer,
} from './fixtures/demo-server';

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** Says which elements stick out of the window (a page must not scroll sideways). */
async function checkWidth(page: import('playwright-core').Page, name: string) {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName}.${String(element.className).slice(0, 60)} right=${Math.round(element.getBoundingClientRect().right)}`);
  });
  if (wide.length) console.log(`${name} is wider than the window:\n  ${wide.join('\n  ')}`);
}

const { baseUrl, stop } = await startDemoServer(() => ({ WEBHOOK_ALLOW_PRIVATE: 'true' }));
try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  const teams = (await call<{ results: { id: string }[] }>('GET', '/api/helpdesk/teams/?limit=1')).results;
  const rule = await call<{ id: string }>('POST', '/api/automations/rules/', {
    name: 'HIGH tickets: clinical team',
    trigger: { event: 'ticket.created', model: null, cron: null, timezone: null },
    conditions: { priority: 'HIGH' },
    actions: [
      { type: 'set_fields', fields: { ticket_status: 'IN_PROGRESS' } },
      ...(teams[0] ? [{ type: 'assign', team: teams[0].id, user: null }] : []),
      { type: 'notify', to: ['assignee'], message: 'Ticket {{ticket.number}} needs the clinical team: {{ticket.title}}' },
    ],
  });
  await call('PATCH', `/api/automations/rules/${rule.id}/`, { conditions: { priority__in: ['HIGH', 'URGENT'] } });
  await call('POST', '/api/automations/rules/', {
    name: 'Monday: chase tickets on hold',
    active: false,
    trigger: { event: 'schedule', model: 'ticket', cron: '0 8 * * 1', timezone: 'Australia/Sydney' },
    conditions: { ticket_status: 'ON_HOLD' },
    actions: [{ type: 'create_ticket', title: 'Still on hold: {{ticket.title}}', ticket_type: 'SERVICE_REQUEST', priority: 'MEDIUM', cost_centre: null }],
  });
  // A receiver that answers 404: the deliveries show a failed answer and its retries.
  await call('POST', '/api/automations/webhooks/', { name: 'Facilities system', url: `${baseUrl}/webhook-receiver`, events: ['ticket.created', 'ticket.sla_breached'] });
  await call('POST', '/api/helpdesk/tickets/', { title: 'Freezer alarm in the kitchen', ticket_type: 'INCIDENT', priority: 'HIGH', ticket_content: doc('Beeping since 6am.') });
  await new Promise((resolve) => setTimeout(resolve, 2500));

  const browser = await launchScreenshotBrowser();
  for (const width of [1280, 390]) {
    const page = await newScreenshotPage(browser, baseUrl, width);
    await signInDemoAdmin(page);
    await page.goto('/automations');
    await page.getByRole('table', { name: 'Rules' }).waitFor();
    await checkWidth(page, `rules ${width}`);
    await page.screenshot({ path: path.join(out, `automations-rules-${width}.png`), fullPage: true });

    await page.goto(`/automations/rules/${rule.id}`);
    await page.getByRole('button', { name: 'Add filter' }).waitFor();
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('status', { name: 'Dry run' }).waitFor();
    await page.waitForTimeout(500); // Save turning into the main button (its colour's transition)
    await checkWidth(page, `builder ${width}`);
    await page.screenshot({ path: path.join(out, `automations-builder-${width}.png`), fullPage: true });

    await page.getByRole('tab', { name: 'Run log' }).click();
    await page.getByRole('table', { name: 'Run log' }).waitFor();
    await checkWidth(page, `run-log ${width}`);
    await page.screenshot({ path: path.join(out, `automations-run-log-${width}.png`), fullPage: true });

    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByRole('document', { name: /Changes from version/ }).waitFor();
    await checkWidth(page, `versions ${width}`);
    await page.screenshot({ path: path.join(out, `automations-versions-${width}.png`), fullPage: true });

    // Two people editing one rule: this builder renames it while someone else changes its name and
    // conditions; Save answers 412 and the conflicting parts are shown side by side.
    await page.goto(`/automations/rules/${rule.id}`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill(`HIGH tickets: clinical team (${width})`);
    await call('PATCH', `/api/automations/rules/${rule.id}/`, { name: `HIGH and URGENT tickets (${width})`, conditions: { priority: 'URGENT' } });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert', { name: 'Conflicting changes' }).waitFor();
    await page.waitForTimeout(400);
    await checkWidth(page, `conflict ${width}`);
    await page.getByRole('alert', { name: 'Conflicting changes' }).screenshot({ path: path.join(out, `automations-conflict-${width}.png`) });
    await page.getByRole('button', { name: 'Take all of theirs' }).click();

    await page.goto('/automations?tab=webhooks');
    await page.getByRole('table', { name: 'Webhooks' }).waitFor();
    await page.getByRole('button', { name: /^Deliveries of / }).first().click();
    await page.getByRole('heading', { name: /^Deliveries of / }).waitFor();
    await page.waitForTimeout(500);
    await checkWidth(page, `webhooks ${width}`);
    await page.screenshot({ path: path.join(out, `automations-webhooks-${width}.png`), fullPage: true });
    await page.context().close();
  }
  await browser.close();
} finally {
  await stop();
}
