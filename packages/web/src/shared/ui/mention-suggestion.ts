import Mention from '@tiptap/extension-mention';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { MENTION_CLASS } from './mention-styles';

export interface MentionCandidate {
  id: string;
  label: string;
  /** A second line (the e-mail address). */
  detail?: string;
}


/**
 * `@` mentions of staff users (TipTap mention nodes `{"type":"mention","attrs":{"id","label"}}`):
 * typing `@` and a name lists matches from `search`; arrows and Enter (or a click) pick one.
 * The list is plain DOM positioned under the caret, so it works inside any dialog or drawer.
 */
export function staffMentions(search: (query: string) => Promise<MentionCandidate[]>) {
  return Mention.configure({
    HTMLAttributes: { class: MENTION_CLASS },
    suggestion: {
      char: '@',
      items: async ({ query }) => {
        try {
          return await search(query);
        } catch {
          return [];
        }
      },
      render: () => {
        let popup: HTMLDivElement | null = null;
        let current: SuggestionProps<MentionCandidate> | null = null;
        let selected = 0;

        const place = () => {
          const rect = current?.clientRect?.();
          if (!popup || !rect) return;
          const width = Math.min(320, window.innerWidth - 16);
          popup.style.left = `${Math.max(8, Math.min(rect.left, window.innerWidth - width - 8))}px`;
          popup.style.top = `${rect.bottom + 4}px`;
          popup.style.width = `${width}px`;
        };
        const draw = () => {
          if (!popup || !current) return;
          popup.replaceChildren();
          if (current.items.length === 0) {
            const empty = document.createElement('div');
            empty.textContent = 'No staff match';
            empty.style.cssText = 'padding:8px 12px;color:#666;font-size:14px';
            popup.append(empty);
          }
          current.items.forEach((item, index) => {
            const option = document.createElement('div');
            option.setAttribute('role', 'option');
            option.setAttribute('aria-selected', String(index === selected));
            option.style.cssText = `padding:6px 12px;cursor:pointer;font-size:14px;${index === selected ? 'background:#e3f2fd;' : ''}`;
            const name = document.createElement('div');
            name.textContent = item.label;
            option.append(name);
            if (item.detail) {
              const detail = document.createElement('div');
              detail.textContent = item.detail;
              detail.style.cssText = 'font-size:12px;color:#666';
              option.append(detail);
            }
            option.addEventListener('mousedown', (event) => {
              event.preventDefault();
              current?.command({ id: item.id, label: item.label });
            });
            popup!.append(option);
          });
          place();
        };
        return {
          onStart: (props) => {
            current = props;
            selected = 0;
            popup = document.createElement('div');
            popup.setAttribute('role', 'listbox');
            popup.setAttribute('aria-label', 'Mention a colleague');
            popup.style.cssText =
              'position:fixed;z-index:2000;background:#fff;color:#222;border:1px solid #ccc;border-radius:6px;box-shadow:0 4px 16px rgba(0,0,0,.2);max-height:260px;overflow:auto;';
            document.body.append(popup);
            draw();
          },
          onUpdate: (props) => {
            current = props;
            selected = Math.min(selected, Math.max(0, props.items.length - 1));
            draw();
          },
          onKeyDown: ({ event }: SuggestionKeyDownProps) => {
            if (!current) return false;
            const count = current.items.length;
            if (event.key === 'ArrowDown' && count) {
              selected = (selected + 1) % count;
              draw();
              return true;
            }
            if (event.key === 'ArrowUp' && count) {
              selected = (selected + count - 1) % count;
              draw();
              return true;
            }
            if (event.key === 'Enter' && count) {
              const item = current.items[selected]!;
              current.command({ id: item.id, label: item.label });
              return true;
            }
            if (event.key === 'Escape') {
              popup?.remove();
              popup = null;
              return true;
            }
            return false;
          },
          onExit: () => {
            popup?.remove();
            popup = null;
            current = null;
          },
        };
      },
    },
  });
}
