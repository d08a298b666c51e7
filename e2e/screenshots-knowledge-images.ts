/**
 * Screenshots for issue 32's images in articles, on the demo data at 1280 px, saved to
 * docs/screenshots/: an article whose text holds an image (uploaded as its attachment) as a reader
 * sees it, and the editor showing it with the "Insert image" button.
 * Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-knowledge-images.ts
 */
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from 'playwright-core';
import { demoAdminToken, demoApi, launchScreenshotBrowser, newScreenshotPage, screenshotsDir as out, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

/** A PNG drawing of a dishwasher's front panel (a door and a display), made here so no binary is checked in. */
function panelPng(width = 480, height = 200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const door = x > 20 && x < width - 20 && y > 60 && y < height - 20;
      const display = x > width - 140 && x < width - 40 && y > 18 && y < 44;
      const handle = door && y > 70 && y < 82 && x > 60 && x < width - 60;
      const [r, g, b] = display ? [40, 200, 120] : handle ? [90, 90, 95] : door ? [200, 205, 212] : [150, 156, 166];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
const p = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

const { baseUrl, stop } = await startDemoServer();
try {
  const token = await demoAdminToken(baseUrl);
  const call = demoApi(baseUrl, token);
  const article = await call<{ id: string }>('POST', '/api/knowledge/articles/', {
    title: 'Dishwasher error codes',
    body: { type: 'doc', content: [p('The display shows the error code top right.')] },
    status: 'PUBLISHED',
  });
  const form = new FormData();
  form.append('attachment', new Blob([panelPng()], { type: 'image/png' }), 'panel.png');
  const uploaded = await fetch(`${baseUrl}/api/knowledge/articles/${article.id}/attachments/`, { method: 'POST', headers: { Authorization: `Token ${token}` }, body: form });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const image = (await uploaded.json()) as { id: string };
  await call('PATCH', `/api/knowledge/articles/${article.id}/`, {
    body: {
      type: 'doc',
      content: [
        p('The display shows the error code top right:'),
        { type: 'image', attrs: { attachment: image.id, alt: 'The front panel, display top right' } },
        p('Note the code and the machine number before raising a ticket.'),
      ],
    },
  });

  const browser = await launchScreenshotBrowser();
  const page = await newScreenshotPage(browser, baseUrl, 1280);
  await signInDemoAdmin(page);
  await page.goto(`/knowledge/${article.id}`);
  await page.getByRole('img', { name: 'The front panel, display top right' }).waitFor();
  await page.waitForLoadState('networkidle');
  await settled(page);
  await page.screenshot({ path: path.join(out, 'knowledge-article-image-1280.png'), fullPage: true });

  await page.goto(`/knowledge/${article.id}?tab=edit`);
  await page.getByRole('button', { name: 'Insert image' }).waitFor();
  await page.locator(`img[data-attachment="${image.id}"][src^="blob:"]`).waitFor();
  await page.waitForLoadState('networkidle');
  await settled(page);
  await page.screenshot({ path: path.join(out, 'knowledge-editor-image-1280.png'), fullPage: true });
  await page.context().close();
  await browser.close();
} finally {
  await stop();
}
