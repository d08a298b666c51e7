import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Editor, type JSONContent } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Mention from '@tiptap/extension-mention';
import { MENTION_CLASS } from './mention-styles';
import { renderRichTextDocument, safeLinkHref } from './rich-text-document';
import { RichTextView } from './RichTextView';

afterEach(cleanup);

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', ...(content.length ? { content } : {}) });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const html = (document: unknown) => render(<>{renderRichTextDocument(document)}</>).container.innerHTML;

/** Every StarterKit node and mark this app stores, and a mention. */
const everything = doc(
  { type: 'heading', attrs: { level: 2 }, content: [text('Title')] },
  paragraph(
    text('b', [{ type: 'bold' }]),
    text('i', [{ type: 'italic' }]),
    text('s', [{ type: 'strike' }]),
    text('u', [{ type: 'underline' }]),
    text('c', [{ type: 'code' }]),
    text('link', [{ type: 'link', attrs: { href: 'https://example.com/a?b=1' } }]),
    text('both', [{ type: 'bold' }, { type: 'italic' }]),
    { type: 'mention', attrs: { id: 'u-1', label: 'Casey Colleague' } },
  ),
  paragraph(text('one'), { type: 'hardBreak' }, text('two')),
  { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('dot'))] }] },
  { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [paragraph(text('three'))] }] },
  { type: 'blockquote', content: [paragraph(text('quoted'))] },
  { type: 'horizontalRule' },
  { type: 'codeBlock', attrs: { language: 'js' }, content: [text('let a = 1;\n  a++')] },
);

describe('renderRichTextDocument', () => {
  it('draws every StarterKit node and mark and a mention with the markup TipTap gives them', () => {
    const editor = new Editor({
      extensions: [StarterKit, Mention.configure({ HTMLAttributes: { class: MENTION_CLASS } })],
      content: everything as JSONContent,
    });
    const tiptap = editor.getHTML();
    editor.destroy();
    const ours = html(everything);
    // TipTap's serialiser leaves out the breaks the live editor adds to empty blocks; these documents have none.
    expect(ours).toBe(tiptap);
  });

  it('keeps an empty paragraph one line high and shows the line after a last hard break', () => {
    expect(html(doc(paragraph()))).toBe('<p><br class="ProseMirror-trailingBreak"></p>');
    expect(html(doc(paragraph(text('a'), { type: 'hardBreak' })))).toBe('<p>a<br><br class="ProseMirror-trailingBreak"></p>');
  });

  it('names heading levels, list starts and code languages only from valid values', () => {
    expect(html(doc({ type: 'heading', attrs: { level: 9 }, content: [text('x')] }))).toBe('<h6>x</h6>');
    expect(html(doc({ type: 'heading', attrs: { level: '2' }, content: [text('x')] }))).toBe('<h1>x</h1>');
    expect(html(doc({ type: 'orderedList', attrs: { start: 'x' }, content: [] }))).toBe('<ol></ol>');
    expect(html(doc({ type: 'codeBlock', attrs: { language: '"><script>' }, content: [text('x')] }))).toBe(
      '<pre><code>x</code></pre>',
    );
  });

  it('leaves out node types it does not know, with their content, and ignores unknown marks', () => {
    const out = html(
      doc(
        { type: 'iframe', attrs: { src: 'https://evil.example' }, content: [text('hidden')] },
        { type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } },
        paragraph(text('kept', [{ type: 'blink' }, { type: 'bold' }])),
        'not a node',
        null,
      ),
    );
    expect(out).toBe('<p><strong>kept</strong></p>');
  });

  it('draws nothing for something that is not a document', () => {
    expect(html({ type: 'paragraph', content: [text('x')] })).toBe('');
    expect(html(null)).toBe('');
    expect(html({ type: 'doc', content: 'text' })).toBe('');
  });

  it('renders text as text, never as markup', () => {
    const out = html(doc(paragraph(text('<img src=x onerror="alert(1)">'))));
    expect(out).toBe('<p>&lt;img src=x onerror="alert(1)"&gt;</p>');
  });

  it('refuses javascript: and other non-web links, keeping their text', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '/relative',
      42,
    ]) {
      expect(html(doc(paragraph(text('click', [{ type: 'link', attrs: { href } }]))))).toBe('<p>click</p>');
    }
    expect(html(doc(paragraph(text('mail', [{ type: 'link', attrs: { href: 'mailto:help@example.com' } }]))))).toBe(
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="mailto:help@example.com">mail</a></p>',
    );
  });

  it('shows a mention as @label, or @id without a label, and drops one with neither', () => {
    expect(html(doc(paragraph({ type: 'mention', attrs: { id: 'u-2' } })))).toContain('>@u-2</span>');
    expect(html(doc(paragraph({ type: 'mention', attrs: {} })))).toBe('<p></p>');
  });
});

describe('images (an article\'s attachments)', () => {
  const withImage = doc(paragraph(text('Before')), { type: 'image', attrs: { attachment: 'a-1', alt: 'The door' } }, { type: 'image', attrs: {} });

  it('draws an image node through the page\'s renderer, with its attachment and alt text', () => {
    const drawn = render(
      <>{renderRichTextDocument(withImage, { image: ({ attachment, alt }, key) => <img key={key} data-attachment={attachment} alt={alt} /> })}</>,
    ).container;
    expect([...drawn.querySelectorAll('img')].map((img) => [img.dataset.attachment, img.alt])).toEqual([['a-1', 'The door']]);
  });

  it('leaves images out where no renderer is given (they are read through their article only)', () => {
    expect(html(withImage)).toBe('<p>Before</p>');
  });
});

describe('safeLinkHref', () => {
  it('keeps http, https and mailto addresses only', () => {
    expect(safeLinkHref('http://example.com')).toBe('http://example.com/');
    expect(safeLinkHref('https://example.com/x')).toBe('https://example.com/x');
    expect(safeLinkHref('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(safeLinkHref('javascript:alert(1)')).toBeNull();
    expect(safeLinkHref('ftp://example.com')).toBeNull();
  });
});

describe('RichTextView', () => {
  it('is a document named by its label', () => {
    render(<RichTextView doc={doc(paragraph(text('Water on the floor')))} label="Ticket description" />);
    expect(screen.getByRole('document', { name: 'Ticket description' })).toHaveTextContent('Water on the floor');
  });
});
