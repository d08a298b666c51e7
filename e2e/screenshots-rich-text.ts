/**
 * A ticket whose description and messages use every rich-text node and mark (headings, lists,
 * quote, code block, hard break, rule, bold/italic/strike/code/underline/link marks, a mention),
 * at 1280 wide, light and dark, to compare how stored documents render (issue 22, bundle budget).
 * Needs the built web app (`npm run build -w @ops/web`).
 *   npx tsx e2e/screenshots-rich-text.ts OUT_DIR
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchScreenshotBrowser, signInDemoAdmin, startDemoServer } from './fixtures/demo-server';

const out = path.resolve(process.argv[2] ?? 'rich-text-shots');
fs.mkdirSync(out, { recursive: true });
const { baseUrl, stop } = await startDemoServer();

async function call<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await answer.json()) as T;
}

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', ...(content.length ? { content } : {}) });
const richDocument = (mention: { id: string; label: string }) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Water on the kitchen floor')] },
    paragraph(
      text('Plain, '),
      text('bold', [{ type: 'bold' }]),
      text(', '),
      text('italic', [{ type: 'italic' }]),
      text(', '),
      text('struck', [{ type: 'strike' }]),
      text(', '),
      text('underlined', [{ type: 'underline' }]),
      text(', '),
      text('inline code', [{ type: 'code' }]),
      text(' and '),
      text('a link', [{ type: 'link', attrs: { href: 'https://example.com/help', target: '_blank' } }]),
      text('. Hello '),
      { type: 'mention', attrs: { id: mention.id, label: mention.label } },
      text('  (two spaces before this).'),
    ),
    paragraph(text('Line one'), { type: 'hardBreak' }, text('line two after a hard break')),
    paragraph(),
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [paragraph(text('First point'))] },
        { type: 'listItem', content: [paragraph(text('Second point'))] },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 3 },
      content: [
        { type: 'listItem', content: [paragraph(text('Step three'))] },
        { type: 'listItem', content: [paragraph(text('Step four'))] },
      ],
    },
    { type: 'blockquote', content: [paragraph(text('A quoted line from the tenant.'))] },
    { type: 'horizontalRule' },
    { type: 'codeBlock', attrs: { language: null }, content: [text('error 42: valve\n  stuck open')] },
    { type: 'heading', attrs: { level: 3 }, content: [text('Smaller heading')] },
    paragraph(text('The end.')),
  ],
});

try {
  const login = await fetch(`${baseUrl}/api/identity/auth/knox/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const { token, user: me } = (await login.json()) as { token: string; user: { id: string; full_name: string } };
  const tickets = await call<{ results: { id: string; title: string; ticket_type: string }[] }>(
    token,
    'GET',
    '/api/helpdesk/tickets/?page_size=1&ordering=-created_at',
  );
  const ticket = tickets.results[0]!;
  const doc = richDocument({ id: me.id, label: me.full_name });
  await call(token, 'PATCH', `/api/helpdesk/tickets/${ticket.id}/`, { ticket_content: doc });
  await call(token, 'POST', `/api/helpdesk/tickets/${ticket.id}/conversations/`, { message: doc, internal: false });

  const browser = await launchScreenshotBrowser();
  for (const theme of ['LIGHT', 'DARK'] as const) {
    await call(token, 'PATCH', '/api/identity/app-setting/', { theme_mode: theme });
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 2400 },
      timezoneId: 'Australia/Sydney',
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    await signInDemoAdmin(page);
    await page.goto(`/all-tickets/${ticket.id}`);
    await page.getByRole('document', { name: 'Ticket description' }).getByText('The end.').waitFor();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.waitForTimeout(1500);
    const description = page.getByRole('document', { name: 'Ticket description' });
    await description.screenshot({ path: path.join(out, `description-${theme.toLowerCase()}.png`) });
    await page.screenshot({ path: path.join(out, `ticket-${theme.toLowerCase()}.png`), fullPage: true });
    await context.close();
  }
  await browser.close();
} finally {
  await stop();
}
