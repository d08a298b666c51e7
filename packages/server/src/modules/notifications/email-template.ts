/**
 * Every notification mail's one template: blocks of content rendered twice, as the text part and
 * as the HTML part, so the two never say different things.
 */
export type MailBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'list'; title: string; items: string[] }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'footer'; text: string; unsubscribe?: { label: string; url: string } };

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return block.text;
    case 'quote':
      return block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'list':
      return [block.title, ...block.items.map((item) => `- ${item}`)].join('\n');
    case 'link':
      return `${block.label}: ${block.url}`;
    case 'footer':
      return ['--', block.text, ...(block.unsubscribe ? [`${block.unsubscribe.label}: ${block.unsubscribe.url}`] : [])].join('\n');
  }
}

function htmlOf(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="font-size:18px;margin:0 0 12px">${escape(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 12px">${escape(block.text).replace(/\n/g, '<br>')}</p>`;
    case 'quote':
      return `<blockquote style="margin:0 0 12px;padding-left:12px;border-left:3px solid #ccc;color:#444">${escape(block.text).replace(/\n/g, '<br>')}</blockquote>`;
    case 'list':
      return `<h2 style="font-size:15px;margin:16px 0 6px">${escape(block.title)}</h2><ul style="margin:0 0 12px;padding-left:20px">${block.items.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`;
    case 'link':
      return `<p style="margin:0 0 12px"><a href="${escape(block.url)}">${escape(block.label)}</a></p>`;
    case 'footer':
      return `<hr style="border:none;border-top:1px solid #ddd;margin:20px 0 8px"><p style="font-size:12px;color:#666;margin:0">${escape(block.text)}${block.unsubscribe ? ` <a href="${escape(block.unsubscribe.url)}">${escape(block.unsubscribe.label)}</a>` : ''}</p>`;
  }
}

/** The text and HTML parts of one mail. */
export function renderMail(blocks: MailBlock[]): { text: string; html: string } {
  return {
    text: blocks.map(textOf).join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;font-size:14px;line-height:1.4;color:#111">${blocks.map(htmlOf).join('')}</body></html>`,
  };
}
