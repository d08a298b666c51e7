import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  apiToken,
  createUser,
  launchBrowser,
  newContext,
  seriousViolations,
  signIn,
  TINY_PNG,
  watchFailures,
  type TestUser,
} from '../fixtures/app';

/**
 * Site checks on a phone (spec platform §14.1, "Web"; issue 31): a site user finds today's run,
 * answers it with large controls (a check, a reading out of range, a photo from the camera input,
 * a signature drawn on the pad), completes it and sees it FAILED with its ticket; and an answer
 * given without a connection waits on the device and is sent when the connection returns.
 */

let browser: Browser;
let admin: TestUser;
let token: string;
let cook: TestUser;
let cookToken: string;
let centre: { id: string; name: string };
let template: { id: string; name: string };

const tag = () => randomBytes(3).toString('hex').toUpperCase();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'UTC' } as const;

async function post<T extends { id: string }>(path: string, body: unknown, as = token): Promise<T> {
  const answer = await api<T>(as, 'POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

interface RunView {
  id: string;
  status: string;
  ticket: string | null;
  failed_steps: string[];
  answers: { key: string; value: unknown; ok: boolean; note: string; photo: string | null; answered_at: string }[];
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser({ superuser: true, firstName: 'Ada', lastName: 'Admin' });
  token = await apiToken(admin);
  const me = (await api<{ id: string }>(token, 'GET', '/api/identity/user/')).body.id;
  const entity = await post<{ id: string }>('/api/base/legal-entities/', { name: `Checks Entity ${tag()}`, abbr: `C${tag()}` });
  const client = await post<{ id: string }>('/api/accounts/clients/', {
    name: `Checks Client ${tag()}`,
    account_number: `SC-${tag()}`,
    owner: me,
    legal_entity: entity.id,
  });
  const name = `Wattle Café ${tag()}`;
  centre = {
    ...(await post<{ id: string }>('/api/operations/cost-centres/', {
      name,
      code: `S${tag()}`,
      email: 'cafe@example.com',
      client: client.id,
      legal_entity: entity.id,
    })),
    name,
  };
  // A Site User (type 5: read and answer the runs of their sites). Reading the template's steps takes
  // `sitechecktemplate.read` until the run answers its version's steps itself (see docs/decisions.md).
  cook = await createUser({ userType: 5, firstName: 'Cleo', lastName: 'Cook', permissions: ['sitechecktemplate.read'] });
  cookToken = await apiToken(cook);
  const cookId = (
    await api<{ results: { id: string }[] }>(token, 'GET', `/api/identity/users/?search=${encodeURIComponent(cook.email)}`)
  ).body.results[0]!.id;
  await post('/api/identity/allocations/', { user: cookId, cost_centre: centre.id });

  template = await post<{ id: string; name: string }>('/api/sitechecks/templates/', {
    name: `Fridge opening check ${tag()}`,
    steps: [
      { key: 'seals', label: 'Door seals clean', kind: 'CHECK' },
      { key: 'fridge', label: 'Fridge temperature', kind: 'NUMBER', unit: '°C', min: 0, max: 5, help: 'Probe the middle shelf.' },
      { key: 'photo', label: 'Photo of the fridge', kind: 'PHOTO' },
      { key: 'sign', label: 'Signature', kind: 'SIGNATURE' },
      { key: 'notes', label: 'Notes', kind: 'TEXT', required: false },
    ],
  });
  // Due at the start of this hour (UTC), open for two hours: the schedule's run exists once it is saved.
  const hour = new Date().getUTCHours();
  await post('/api/sitechecks/schedules/', {
    template: template.id,
    cost_centre: centre.id,
    rrule: `FREQ=DAILY;BYHOUR=${hour};BYMINUTE=0`,
    timezone: 'UTC',
    window_minutes: 120,
  });
});
afterAll(async () => browser?.close());

const step = (page: Page, label: string) => page.getByRole('region', { name: new RegExp(label) });

async function phone(): Promise<{ context: BrowserContext; page: Page; failures: string[] }> {
  const context = await newContext(browser, PHONE);
  const page = await context.newPage();
  return { context, page, failures: watchFailures(page) };
}

describe('site checks on a phone', () => {
  it("lets a site user do today's run: missing steps named, a reading out of range, a photo, a signature, FAILED with its ticket", async () => {
    const { context, page, failures } = await phone();
    await signIn(page, cook, '/sitechecks');
    // Today: the run at the cook's site, under the site's name.
    const site = page.getByRole('region', { name: centre.name });
    await site.getByRole('link', { name: new RegExp(template.name) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await site.getByRole('link', { name: new RegExp(template.name) }).click();
    await page.waitForURL(/\/sitechecks\/runs\//);
    const runId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('heading', { name: template.name }).waitFor();
    await step(page, 'Signature')
      .getByRole('img', { name: /signature pad/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Completing with nothing answered: the 400 names each required step, shown on the step.
    await page.getByRole('button', { name: 'Complete check' }).click();
    await step(page, 'Door seals clean').getByText('Required: answer this step').waitFor();
    for (const label of ['Fridge temperature', 'Photo of the fridge', 'Signature'])
      await expect(step(page, label).getByText('Required: answer this step').isVisible()).resolves.toBe(true);
    await expect(step(page, 'Notes').getByText('Required: answer this step').count()).resolves.toBe(0);

    await step(page, 'Door seals clean').getByRole('button', { name: 'Yes' }).click();
    await step(page, 'Door seals clean').getByText('Saved').waitFor();

    // A reading out of range is shown failing before it is saved, then saved on Enter.
    const fridge = step(page, 'Fridge temperature');
    await expect(fridge.getByText('Between 0 and 5 °C').isVisible()).resolves.toBe(true);
    await fridge.getByRole('textbox', { name: 'Fridge temperature' }).fill('9');
    await fridge.getByText('Out of range. Between 0 and 5 °C').waitFor();
    await fridge.getByRole('textbox', { name: 'Fridge temperature' }).press('Enter');
    await fridge.getByText('Saved · fails this check').waitFor();
    // A failing answer takes a note, sent with it.
    await fridge.getByRole('textbox', { name: 'Fridge temperature: note' }).fill('Door left open; stock moved');
    await fridge.getByRole('textbox', { name: 'Fridge temperature: note' }).blur();
    await fridge.getByText('Saved · fails this check').waitFor();

    // A photo through the camera input (a file here), with its preview.
    const photo = step(page, 'Photo of the fridge');
    await photo.locator('input[type="file"]').setInputFiles({ name: 'fridge.png', mimeType: 'image/png', buffer: TINY_PNG });
    await photo.getByRole('img', { name: 'Photo of the fridge: photo' }).waitFor();
    await photo.getByText('Saved').waitFor();

    // A signature drawn with the mouse.
    const sign = step(page, 'Signature');
    const pad = sign.getByRole('img', { name: /signature pad/ });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 100);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + 100 + Math.sin(i) * 40, { steps: 2 });
    await page.mouse.up();
    await sign.getByRole('button', { name: 'Save signature' }).click();
    await sign.getByText('Saved', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Complete check' }).click();
    const ticketLink = page.getByRole('link', { name: 'Open the ticket raised for it' });
    await ticketLink.waitFor();
    await expect(page.getByText('Failed: Fridge temperature.').isVisible()).resolves.toBe(true);
    // Read-only afterwards: no controls, the answers as text.
    await expect(page.getByRole('button', { name: 'Complete check' }).count()).resolves.toBe(0);
    await expect(step(page, 'Fridge temperature').getByText('9 °C · failed').isVisible()).resolves.toBe(true);

    const run = (await api<RunView>(cookToken, 'GET', `/api/sitechecks/runs/${runId}/`)).body;
    expect(run.status).toBe('FAILED');
    expect(run.failed_steps).toEqual(['fridge']);
    expect(run.answers.find((a) => a.key === 'fridge')).toMatchObject({
      value: 9,
      ok: false,
      note: 'Door left open; stock moved',
    });
    expect(run.answers.map((a) => a.key).sort()).toEqual(['fridge', 'photo', 'seals', 'sign']);
    expect(run.answers.find((a) => a.key === 'photo')!.photo).toBeTruthy();
    expect(run.answers.find((a) => a.key === 'sign')!.photo).toBeTruthy();
    expect(await ticketLink.getAttribute('href')).toBe(`/tickets/${run.ticket}`);
    await ticketLink.click();
    await page.getByRole('heading', { name: new RegExp(`Failed check: ${template.name}`) }).waitFor();
    // The one 400 is the complete refused while required steps had no answer.
    expect(failures).toEqual([`400 POST /api/sitechecks/runs/${runId}/complete/`]);
    await context.close();
  });

  it('keeps answers given offline on the device, shows them waiting, and sends them in order once online', async () => {
    const run = await post<RunView>('/api/sitechecks/runs/', { template: template.id, cost_centre: centre.id });
    const { context, page, failures } = await phone();
    await signIn(page, cook, `/sitechecks/runs/${run.id}`);
    await step(page, 'Door seals clean').getByRole('button', { name: 'Yes' }).waitFor();

    await context.setOffline(true);
    await step(page, 'Door seals clean').getByRole('button', { name: 'No' }).click();
    await step(page, 'Door seals clean').getByText('Waiting to send').waitFor();
    await step(page, 'Photo of the fridge')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fridge.png', mimeType: 'image/png', buffer: TINY_PNG });
    await step(page, 'Photo of the fridge').getByText('Waiting to send').waitFor();
    await page.getByText('2 answers are waiting to send').waitFor();
    // Changed while offline: the newer answer replaces the waiting one, never both sent.
    await step(page, 'Door seals clean').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('button', { name: 'Complete check' }).isDisabled()).resolves.toBe(true);
    expect((await api<RunView>(cookToken, 'GET', `/api/sitechecks/runs/${run.id}/`)).body.answers).toEqual([]);

    await context.setOffline(false);
    await step(page, 'Door seals clean').getByText('Saved').waitFor();
    await step(page, 'Photo of the fridge').getByText('Saved').waitFor();
    await page.getByText(/waiting to send/).waitFor({ state: 'detached' });
    const stored = (await api<RunView>(cookToken, 'GET', `/api/sitechecks/runs/${run.id}/`)).body;
    expect(stored.status).toBe('IN_PROGRESS');
    const byKey = new Map(stored.answers.map((a) => [a.key, a]));
    expect([...byKey.keys()].sort()).toEqual(['photo', 'seals']);
    expect(byKey.get('seals')).toMatchObject({ value: true, ok: true });
    expect(byKey.get('photo')!.photo).toBeTruthy();
    // In the order given: the photo, then the check's newer answer (which replaced the one before the photo).
    expect(Date.parse(byKey.get('photo')!.answered_at) <= Date.parse(byKey.get('seals')!.answered_at)).toBe(true);
    expect(failures).toEqual([]);
    await context.close();
  });

  it("opens a visited run page again without a connection (the site checks' service worker) and sends what was given there", async () => {
    const run = await post<RunView>('/api/sitechecks/runs/', { template: template.id, cost_centre: centre.id });
    const { context, page, failures } = await phone();
    await signIn(page, cook, `/sitechecks/runs/${run.id}`);
    await step(page, 'Door seals clean').getByRole('button', { name: 'Yes' }).waitFor();
    // The worker is installed: Workbox has precached the build's manifest (the shell and every
    // page's code) and the worker is activated. Install takes as long as the precache (~300 files).
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/sitechecks'))?.active?.state ?? null), {
        timeout: 60_000,
      })
      .toBe('activated');
    expect(
      await page.evaluate(async () => {
        const precache = (await caches.keys()).find((name) => name.startsWith('workbox-precache'));
        const urls = precache ? (await (await caches.open(precache)).keys()).map((request) => new URL(request.url).pathname) : [];
        return { shell: urls.includes('/index.html'), entry: urls.some((path) => /^\/assets\/index-.*\.js$/.test(path)) };
      }),
      'the precache holds the shell',
    ).toEqual({ shell: true, entry: true });
    // The next visit goes through the worker (its navigation was handed to it), which keeps the
    // pages' answers: the session, the run and its steps.
    await page.reload();
    await step(page, 'Door seals clean').getByRole('button', { name: 'Yes' }).waitFor();
    expect(
      await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart > 0),
      'the visit went through the worker',
    ).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('sitechecks-api-v1')).keys()).map((request) => new URL(request.url).pathname)),
      )
      .toEqual(expect.arrayContaining(['/api/identity/user/', '/api/identity/auth/permissions/', `/api/sitechecks/runs/${run.id}/`]));

    await context.setOffline(true);
    // The shell, the session and the run come from the worker's cache.
    await page.reload();
    await page.getByRole('heading', { name: template.name }).waitFor();
    await step(page, 'Door seals clean').getByRole('button', { name: 'Yes' }).click();
    await step(page, 'Door seals clean').getByText('Waiting to send').waitFor();
    await context.setOffline(false);
    await step(page, 'Door seals clean').getByText('Saved').waitFor();
    const stored = (await api<RunView>(cookToken, 'GET', `/api/sitechecks/runs/${run.id}/`)).body;
    expect(stored.answers.map((a) => [a.key, a.value])).toEqual([['seals', true]]);
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);

  it('gives managers templates, schedules and compliance pages that save through the API and name bad fields', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const failures = watchFailures(page);
    await signIn(page, admin, '/sitechecks/templates');
    await page.getByRole('link', { name: template.name }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A new template: keys come from the labels; min above max is refused on that field.
    await page.getByRole('link', { name: 'New template' }).click();
    const name = `Closing rota ${tag()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    const first = page.getByRole('region', { name: 'Step 1' });
    await first.getByRole('textbox', { name: 'Label' }).fill('Sanitiser strength');
    await first.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Number (reading)' }).click();
    await first.getByRole('textbox', { name: 'Minimum' }).fill('400');
    await first.getByRole('textbox', { name: 'Maximum' }).fill('100');
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('region', { name: 'Step 2' }).getByRole('textbox', { name: 'Label' }).fill('Sanitiser strength');
    await expect(page.getByRole('region', { name: 'Step 2' }).getByText('key sanitiser_strength_2').isVisible()).resolves.toBe(
      true,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create template' }).click();
    await first.getByText('Ensure min is not above max.').waitFor();
    await first.getByRole('textbox', { name: 'Minimum' }).fill('100');
    await first.getByRole('textbox', { name: 'Maximum' }).fill('400');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/sitechecks\/templates\/[0-9a-f-]{36}$/);
    const created = (
      await api<{ results: { name: string; steps: { key: string; min: number | null; max: number | null }[] }[] }>(
        token,
        'GET',
        `/api/sitechecks/templates/?search=${encodeURIComponent(name)}`,
      )
    ).body.results[0]!;
    expect(created.steps.map((s) => [s.key, s.min, s.max])).toEqual([
      ['sanitiser_strength', 100, 400],
      ['sanitiser_strength_2', null, null],
    ]);

    // A weekly schedule from simple choices; a raw rule that does not parse is refused on the rule.
    await page.goto('/sitechecks/schedules');
    await page.getByRole('button', { name: 'New schedule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name }).click();
    await dialog.getByRole('combobox', { name: 'Cost centre' }).fill(centre.name.slice(-6));
    await page.getByRole('option', { name: new RegExp(centre.name) }).click();
    await dialog.getByRole('button', { name: 'Raw RRULE' }).click();
    await dialog.getByRole('textbox', { name: 'RRULE' }).fill('FREQ=SOMETIMES');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await dialog.getByText(/Not a valid RFC 5545 recurrence rule/).waitFor();
    await dialog.getByRole('button', { name: 'Weekly' }).click();
    await dialog.getByRole('button', { name: 'Thu' }).click();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Schedules' }).getByText('Mon, Thu at 07:00').waitFor();
    const schedules = (
      await api<{ results: { template: string; rrule: string }[] }>(token, 'GET', '/api/sitechecks/schedules/?limit=100')
    ).body.results;
    expect(schedules.find((s) => s.rrule.startsWith('FREQ=WEEKLY'))?.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=7;BYMINUTE=0');

    await page.goto('/sitechecks/compliance');
    const row = page.getByRole('table', { name: 'Compliance per site' }).getByRole('row', { name: new RegExp(centre.name) });
    await row.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(failures.filter((f) => !f.startsWith('400 '))).toEqual([]);
    await context.close();
  });
});
