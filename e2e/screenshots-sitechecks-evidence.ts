/**
 * A finished site check with its stored evidence (issue 31) on a phone: a run answered with a
 * camera-sized photo and a signature drawn as the signature pad gives it (dark strokes on a
 * transparent PNG), completed, then opened read-only at 390 px, in the light and the dark theme.
 * Saved to docs/screenshots/. Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-sitechecks-evidence.ts
 */
import path from 'node:path';
import { PNG } from 'pngjs';
import {
  demoAdminToken,
  demoApi,
  launchScreenshotBrowser,
  newScreenshotPage,
  screenshotsDir as out,
  signInDemoAdmin,
  startDemoServer,
} from './fixtures/demo-server';

/** A landscape photo-like PNG (1600 x 1200: wider than the phone, taller than the card). */
function photo(): Buffer {
  const image = new PNG({ width: 1600, height: 1200 });
  for (let y = 0; y < 1200; y++)
    for (let x = 0; x < 1600; x++) image.data.set([60 + ((x * 120) / 1600) | 0, 90 + ((y * 100) / 1200) | 0, 140, 255], (y * 1600 + x) * 4);
  return PNG.sync.write(image);
}

/** What signature_pad exports: a 700 x 200 transparent PNG with a dark stroke. */
function signature(): Buffer {
  const image = new PNG({ width: 700, height: 200 });
  for (let x = 40; x < 660; x++) {
    const y = Math.round(100 + 50 * Math.sin(x / 35) * Math.cos(x / 90));
    for (let dy = -2; dy <= 2; dy++) for (let dx = -1; dx <= 1; dx++) image.data.set([0, 0, 0, 255], ((y + dy) * 700 + x + dx) * 4);
  }
  return PNG.sync.write(image);
}

const { baseUrl, stop } = await startDemoServer();
try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  const answer = async (run: string, key: string, value?: string, file?: Buffer) => {
    const form = new FormData();
    form.append('key', key);
    if (value !== undefined) form.append('value', value);
    if (file) form.append('file', new Blob([file], { type: 'image/png' }), `${key}.png`);
    const response = await fetch(`${baseUrl}/api/sitechecks/runs/${run}/answers/`, { method: 'POST', headers: { Authorization: `Token ${token}` }, body: form });
    if (!response.ok) throw new Error(`answer ${key}: ${response.status} ${await response.text()}`);
  };
  const [site] = (await call<{ results: { id: string }[] }>('GET', '/api/operations/cost-centres/?limit=1&ordering=name')).results;
  const template = await call<{ id: string }>('POST', '/api/sitechecks/templates/', {
    name: 'Kitchen opening check',
    steps: [
      { key: 'fridge', label: 'Walk-in fridge temperature', kind: 'NUMBER', unit: '°C', min: 0, max: 5 },
      { key: 'seals', label: 'Door seals clean and closing', kind: 'CHECK' },
      { key: 'photo', label: 'Photo of the fridge shelves', kind: 'PHOTO' },
      { key: 'notes', label: 'Notes', kind: 'TEXT', required: false },
      { key: 'sign', label: 'Signature of the person checking', kind: 'SIGNATURE' },
    ],
  });
  const run = await call<{ id: string }>('POST', '/api/sitechecks/runs/', { template: template.id, cost_centre: site!.id });
  await answer(run.id, 'fridge', '3.5');
  await answer(run.id, 'seals', 'true');
  await answer(run.id, 'photo', undefined, photo());
  await answer(run.id, 'notes', 'Top shelf restacked; milk moved to the back.');
  await answer(run.id, 'sign', undefined, signature());
  await call('POST', `/api/sitechecks/runs/${run.id}/complete/`);

  const browser = await launchScreenshotBrowser();
  for (const scheme of ['light', 'dark'] as const) {
    const phone = await newScreenshotPage(browser, baseUrl, 390);
    await phone.emulateMedia({ colorScheme: scheme });
    await signInDemoAdmin(phone);
    await phone.goto(`/sitechecks/runs/${run.id}`);
    await phone.getByRole('img', { name: /signature/ }).waitFor();
    await phone.getByRole('img', { name: /photo/ }).waitFor();
    await phone.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
    await phone.screenshot({ path: path.join(out, `sitechecks-run-evidence-390-${scheme}.png`), fullPage: true });
    await phone.context().close();
  }
  await browser.close();
} finally {
  await stop();
}
