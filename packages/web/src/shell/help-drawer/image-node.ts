import { Node } from '@tiptap/react';

/** What the editor needs to show and add images (an article's: uploaded as its attachments). */
export interface EditorImages {
  /** Uploads a picked file; answers the attachment id its image node names. */
  upload: (file: File) => Promise<string>;
  /** An object URL of an attachment's file, for the editor to show it (fetched with the user's token). */
  url: (attachment: string) => Promise<string>;
}

/**
 * The `image` node: `{type: "image", attrs: {attachment, alt}}`, a block naming an attachment
 * rather than holding a URL (the file is read through the API, with its access check). Drawn by a
 * plain DOM node view whose source is resolved by `url`.
 */
export function imageNode(url: EditorImages['url']) {
  return Node.create({
    name: 'image',
    group: 'block',
    atom: true,
    draggable: true,
    selectable: true,
    addAttributes: () => ({ attachment: { default: null }, alt: { default: '' } }),
    parseHTML: () => [
      {
        tag: 'img[data-attachment]',
        getAttrs: (element) => ({ attachment: element.getAttribute('data-attachment'), alt: element.getAttribute('alt') ?? '' }),
      },
    ],
    renderHTML: ({ node }) => ['img', { 'data-attachment': node.attrs.attachment as string, alt: (node.attrs.alt as string) ?? '' }],
    addNodeView:
      () =>
      ({ node }) => {
        const dom = document.createElement('img');
        const attachment = node.attrs.attachment as string | null;
        dom.alt = (node.attrs.alt as string) || 'Image';
        dom.dataset.attachment = attachment ?? '';
        dom.style.maxWidth = '100%';
        dom.style.display = 'block';
        dom.style.margin = '8px 0';
        if (attachment) url(attachment).then((src) => (dom.src = src), () => (dom.alt = 'Image not available'));
        return { dom };
      },
  });
}
