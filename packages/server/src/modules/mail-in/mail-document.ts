import { TICKET_TITLE_MAX } from '@ops/contract/helpdesk/helpdesk.schemas';

/** Text of a message kept in a ticket or conversation (longer mail is cut, with a note). */
const MAX_TEXT = 100_000;

/** The subject as a ticket title: one line, at most the title's length, never empty. */
export function titleOf(subject: string | undefined): string {
  const line = (subject ?? '')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line) return '(no subject)';
  return line.length > TICKET_TITLE_MAX ? `${line.slice(0, TICKET_TITLE_MAX - 1)}…` : line;
}

/**
 * A reply without the quoted mail under it: stops at the first "On ... wrote:" line or
 * "-----Original Message-----", and drops `>` quoted lines. An answer that is all quote stays whole.
 */
export function withoutQuotedReply(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    if (/^\s*On\b.{0,300}\bwrote:\s*$/i.test(line) || /^\s*-{2,}\s*Original Message\s*-{2,}/i.test(line)) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  const result = kept.join('\n').trim();
  return result || text.trim();
}

/**
 * Mail text as the rich-text document the help desk stores (TipTap/ProseMirror JSON): a paragraph
 * per block of lines, line breaks as hardBreak nodes. Control characters other than line ends and
 * tabs are removed (NUL cannot be stored).
 */
export function documentOf(text: string | undefined): Record<string, unknown> {
  let clean = (text ?? '').replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  if (clean.length > MAX_TEXT) clean = `${clean.slice(0, MAX_TEXT)}\n\n[The rest of this e-mail was cut.]`;
  const paragraphs = clean
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s+$/, '').replace(/^\n+/, ''))
    .filter((block) => block.trim().length > 0)
    .map((block) => {
      const content: Record<string, unknown>[] = [];
      block.split('\n').forEach((line, index) => {
        if (index > 0) content.push({ type: 'hardBreak' });
        if (line.length) content.push({ type: 'text', text: line });
      });
      return { type: 'paragraph', content };
    });
  return { type: 'doc', content: paragraphs.length ? paragraphs : [{ type: 'paragraph' }] };
}
