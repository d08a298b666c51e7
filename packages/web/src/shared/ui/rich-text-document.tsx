import { Fragment, createElement, type ReactNode } from 'react';
import { MENTION_CLASS } from './mention-styles';

/**
 * A stored TipTap (ProseMirror JSON) document as React elements, without loading TipTap: the
 * StarterKit nodes and marks and the mention node, as the read-only editor used to draw them.
 * The document comes from users, so it is read defensively: unknown node types are dropped with
 * their content, unknown marks are ignored, text is only ever a text child (React escapes it),
 * and a link keeps its href only for http, https and mailto addresses.
 */

interface JsonNode {
  type?: unknown;
  attrs?: unknown;
  content?: unknown;
  text?: unknown;
  marks?: unknown;
}

/** Deeper than this is not a document anyone wrote (the server caps the depth well below). */
const MAX_DEPTH = 64;
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const attrsOf = (node: JsonNode): Record<string, unknown> => (isRecord(node.attrs) ? node.attrs : {});
const childrenOf = (node: JsonNode): JsonNode[] => (Array.isArray(node.content) ? node.content.filter(isRecord) : []);

/** The href a link may keep: an absolute http(s) or mailto URL, else none. */
export function safeLinkHref(href: unknown): string | null {
  if (typeof href !== 'string') return null;
  try {
    const url = new URL(href.trim());
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** How a page draws what only it can fetch: an article's images (attachments behind its own access check). */
export interface RenderOptions {
  /** An `image` node (`attrs.attachment`: the attachment's id); without it images are left out. */
  image?: (image: { attachment: string; alt: string }, key: number) => ReactNode;
}

/** The React elements of a document (`{"type":"doc","content":[...]}`); nothing for anything else. */
export function renderRichTextDocument(doc: unknown, options: RenderOptions = {}): ReactNode {
  if (!isRecord(doc) || doc.type !== 'doc') return null;
  return renderChildren(doc, 0, options);
}

function renderChildren(node: JsonNode, depth: number, options: RenderOptions): ReactNode[] {
  if (depth >= MAX_DEPTH) return [];
  return childrenOf(node).map((child, index) => renderNode(child, index, depth + 1, options));
}

/**
 * A text block's children, with the break ProseMirror adds when the block is empty or ends in a
 * line break, so an empty paragraph keeps its line's height and a last hard break shows its line.
 */
function textBlockChildren(node: JsonNode, depth: number, options: RenderOptions): ReactNode[] {
  const children = renderChildren(node, depth, options);
  const last = childrenOf(node).at(-1);
  const endsInBreak =
    !last || last.type === 'hardBreak' || (last.type === 'text' && typeof last.text === 'string' && last.text.endsWith('\n'));
  if (endsInBreak) children.push(<br key="trailing-break" className="ProseMirror-trailingBreak" />);
  return children;
}

function renderNode(node: JsonNode, key: number, depth: number, options: RenderOptions): ReactNode {
  const attrs = attrsOf(node);
  switch (node.type) {
    case 'text':
      return typeof node.text === 'string' && node.text
        ? renderMarks(node.text, Array.isArray(node.marks) ? node.marks : [], key)
        : null;
    case 'paragraph':
      return <p key={key}>{textBlockChildren(node, depth, options)}</p>;
    case 'heading': {
      const level = typeof attrs.level === 'number' && Number.isInteger(attrs.level) ? Math.min(6, Math.max(1, attrs.level)) : 1;
      return createElement(`h${level}`, { key }, ...textBlockChildren(node, depth, options));
    }
    case 'bulletList':
      return <ul key={key}>{renderChildren(node, depth, options)}</ul>;
    case 'orderedList': {
      const start =
        typeof attrs.start === 'number' && Number.isInteger(attrs.start) && attrs.start !== 1 ? attrs.start : undefined;
      return (
        <ol key={key} start={start}>
          {renderChildren(node, depth, options)}
        </ol>
      );
    }
    case 'listItem':
      return <li key={key}>{renderChildren(node, depth, options)}</li>;
    case 'blockquote':
      return <blockquote key={key}>{renderChildren(node, depth, options)}</blockquote>;
    case 'codeBlock': {
      const language =
        typeof attrs.language === 'string' && /^[\w+#.-]{1,40}$/.test(attrs.language) ? `language-${attrs.language}` : undefined;
      return (
        <pre key={key}>
          <code className={language}>{textBlockChildren(node, depth, options)}</code>
        </pre>
      );
    }
    case 'hardBreak':
      return <br key={key} />;
    case 'horizontalRule':
      return <hr key={key} />;
    case 'mention': {
      const id = typeof attrs.id === 'string' ? attrs.id : undefined;
      const label = typeof attrs.label === 'string' ? attrs.label : undefined;
      if (!id && !label) return null;
      return (
        <span
          key={key}
          className={MENTION_CLASS}
          data-type="mention"
          data-id={id}
          data-label={label}
          data-mention-suggestion-char="@"
        >
          @{label ?? id}
        </span>
      );
    }
    case 'image': {
      const attachment = typeof attrs.attachment === 'string' ? attrs.attachment : undefined;
      if (!attachment || !options.image) return null;
      return options.image({ attachment, alt: typeof attrs.alt === 'string' ? attrs.alt : '' }, key);
    }
    default:
      // A node type this renderer does not know (a newer editor's, or a crafted one): left out.
      return null;
  }
}

/** Text with its marks, the first mark outermost (the order ProseMirror stores them in). */
function renderMarks(text: string, marks: unknown[], key: number): ReactNode {
  let element: ReactNode = text;
  for (let index = marks.length - 1; index >= 0; index--) {
    const mark = marks[index];
    if (!isRecord(mark)) continue;
    element = wrapInMark(mark, element);
  }
  return <Fragment key={key}>{element}</Fragment>;
}

function wrapInMark(mark: Record<string, unknown>, children: ReactNode): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong>{children}</strong>;
    case 'italic':
      return <em>{children}</em>;
    case 'strike':
      return <s>{children}</s>;
    case 'underline':
      return <u>{children}</u>;
    case 'code':
      return <code>{children}</code>;
    case 'link': {
      const href = safeLinkHref(isRecord(mark.attrs) ? mark.attrs.href : undefined);
      return href ? (
        <a target="_blank" rel="noopener noreferrer nofollow" href={href}>
          {children}
        </a>
      ) : (
        children
      );
    }
    default:
      return children;
  }
}
