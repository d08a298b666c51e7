/**
 * Screenshots of the Site checks module (issue 31) on the demo data, saved to docs/screenshots/:
 * Today and a run page at 390 px, templates, a template's steps, schedules and compliance at 1280.
 * Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-sitechecks.ts
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

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const { baseUrl, stop } = await startDemoServer();
try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  const answer = async (run: string, key: string, value?: string, file = false) => {
    const form = new FormData();
    form.append('key', key);
    if (value !== undefined) form.append('value', value);
    if (file) form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    const response = await fetch(`${baseUrl}/api/sitechecks/runs/${run}/answers/`, {
      method: 'POST',
      headers: { Authorization: `Token ${token}` },
      body: form,
    });
    if (!response.ok) throw new Error(`answer ${key}: ${response.status} ${await response.text()}`);
  };
  const sites = (
    await call<{ results: { id: string; name: string }[] }>('GET', '/api/operations/cost-centres/?limit=4&ordering=name')
  ).results;
  const opening = await call<{ id: string }>('POST', '/api/sitechecks/templates/', {
    name: 'Kitchen opening check',
    description: 'Fridges, freezer and the pass before service.',
    steps: [
      {
        key: 'fridge',
        label: 'Walk-in fridge temperature',
        kind: 'NUMBER',
        unit: '°C',
        min: 0,
        max: 5,
        help: 'Probe the middle shelf, not the door.',
      },
      { key: 'freezer', label: 'Freezer temperature', kind: 'NUMBER', unit: '°C', min: -25, max: -18 },
      { key: 'seals', label: 'Door seals clean and closing', kind: 'CHECK' },
      {
        key: 'pass',
        label: 'State of the pass',
        kind: 'CHOICE',
        choices: ['Clean', 'Needs a wipe', 'Dirty'],
        fail_choices: ['Dirty'],
      },
      { key: 'photo', label: 'Photo of the fridge shelves', kind: 'PHOTO' },
      { key: 'notes', label: 'Notes', kind: 'TEXT', required: false },
      { key: 'sign', label: 'Signature of the person checking', kind: 'SIGNATURE' },
    ],
  });
  const closing = await call<{ id: string }>('POST', '/api/sitechecks/templates/', {
    name: 'Closing cleaning rota',
    steps: [
      { key: 'floors', label: 'Floors mopped', kind: 'CHECK' },
      { key: 'bins', label: 'Bins emptied', kind: 'CHECK' },
      { key: 'sanitiser', label: 'Sanitiser strength', kind: 'NUMBER', unit: 'ppm', min: 100, max: 400 },
    ],
  });
  await call('POST', '/api/sitechecks/templates/', {
    name: 'Monthly fire safety walk',
    active: false,
    steps: [
      { key: 'exits', label: 'Fire exits clear', kind: 'CHECK' },
      { key: 'extinguishers', label: 'Extinguishers in date', kind: 'CHECK' },
    ],
  });
  const rules = [
    'FREQ=DAILY;BYHOUR=7,15;BYMINUTE=0',
    'FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=21;BYMINUTE=30',
    'FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=9;BYMINUTE=0',
  ];
  for (const [index, site] of sites.slice(0, 3).entries()) {
    await call('POST', '/api/sitechecks/schedules/', {
      template: index === 1 ? closing.id : opening.id,
      cost_centre: site.id,
      rrule: rules[index],
      timezone: 'Australia/Sydney',
      window_minutes: 120,
    });
  }
  // Runs done and failed, for the compliance page.
  for (const [index, site] of sites.entries()) {
    for (let i = 0; i < 3 + index; i++) {
      const run = await call<{ id: string }>('POST', '/api/sitechecks/runs/', { template: closing.id, cost_centre: site.id });
      await answer(run.id, 'floors', 'true');
      await answer(run.id, 'bins', i === 1 && index % 2 === 0 ? 'false' : 'true');
      await answer(run.id, 'sanitiser', '200');
      await call('POST', `/api/sitechecks/runs/${run.id}/complete/`);
    }
  }
  // Open runs for Today, one half answered.
  const runs: string[] = [];
  for (const site of sites.slice(0, 2)) {
    runs.push((await call<{ id: string }>('POST', '/api/sitechecks/runs/', { template: opening.id, cost_centre: site.id })).id);
    runs.push((await call<{ id: string }>('POST', '/api/sitechecks/runs/', { template: closing.id, cost_centre: site.id })).id);
  }
  await answer(runs[0]!, 'fridge', '3.5');
  await answer(runs[0]!, 'seals', 'true');

  const browser = await launchScreenshotBrowser();
  const phone = await newScreenshotPage(browser, baseUrl, 390);
  await signInDemoAdmin(phone);
  await phone.goto('/sitechecks');
  await phone
    .getByRole('link', { name: /Kitchen opening check/ })
    .first()
    .waitFor();
  await phone.screenshot({ path: path.join(out, 'sitechecks-today-390.png'), fullPage: true });
  await phone.goto(`/sitechecks/runs/${runs[0]}`);
  await phone.getByRole('region', { name: /Freezer temperature/ }).waitFor();
  // A reading out of range shows the fail colour before it is saved.
  await phone.getByRole('textbox', { name: 'Freezer temperature' }).fill('-12');
  await phone
    .getByRole('region', { name: /State of the pass/ })
    .getByRole('button', { name: 'Clean' })
    .click();
  await phone.getByText('Saved').nth(2).waitFor();
  await phone.getByText('Sending…').waitFor({ state: 'detached' });
  await phone.waitForFunction(() =>
    [...document.querySelectorAll('button')].some((b) => b.textContent === 'Complete check' && !b.disabled),
  );
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.screenshot({ path: path.join(out, 'sitechecks-run-390.png') });
  // Completing with steps unanswered: each is named on its step.
  await phone.getByRole('button', { name: 'Complete check' }).click();
  await phone.getByText('Required: answer this step to complete the check.').first().waitFor();
  await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await phone.screenshot({ path: path.join(out, 'sitechecks-run-missing-390.png') });
  const failed = (
    await call<{ results: { id: string }[] }>(
      'GET',
      `/api/sitechecks/runs/?filters=${encodeURIComponent(JSON.stringify({ status: 'FAILED' }))}&limit=1`,
    )
  ).results[0]!;
  await phone.goto(`/sitechecks/runs/${failed.id}`);
  await phone.getByRole('link', { name: 'Open the ticket raised for it' }).waitFor();
  await phone.screenshot({ path: path.join(out, 'sitechecks-run-failed-390.png') });

  const desk = await newScreenshotPage(browser, baseUrl, 1280);
  await signInDemoAdmin(desk);
  await desk.goto('/sitechecks/templates');
  await desk.getByRole('link', { name: 'Kitchen opening check' }).waitFor();
  await desk.screenshot({ path: path.join(out, 'sitechecks-templates-1280.png') });
  await desk.getByRole('link', { name: 'Kitchen opening check' }).click();
  await desk.getByRole('region', { name: 'Step 1' }).waitFor();
  await desk.screenshot({ path: path.join(out, 'sitechecks-template-editor-1280.png') });
  await desk.goto('/sitechecks/schedules');
  await desk.getByRole('table', { name: 'Schedules' }).getByText('Daily at 07:00, 15:00').waitFor();
  await desk.waitForFunction(() => !document.body.textContent?.includes('…'));
  await desk.screenshot({ path: path.join(out, 'sitechecks-schedules-1280.png') });
  await desk.getByRole('button', { name: 'New schedule' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Weekly' }).click();
  await desk.screenshot({ path: path.join(out, 'sitechecks-schedule-dialog-1280.png') });
  await desk.keyboard.press('Escape');
  await desk.goto('/sitechecks/compliance');
  await desk.getByRole('table', { name: 'Compliance per site' }).waitFor();
  await desk.screenshot({ path: path.join(out, 'sitechecks-compliance-1280.png') });
  await browser.close();
} finally {
  await stop();
}
