import type { Article } from '@ops/contract/knowledge/knowledge.schemas';
import { USER_TYPES } from '@ops/contract/common/permissions';
import { flattenApiErrors } from '../../shared/api-errors';
import type { ArticleDraft } from './knowledge.queries';
import { documentPlainText } from './document-diff';

// The article editor's values and rules, apart from its components (article-draft.test.ts).

export const EMPTY_DOCUMENT: ArticleDraft['body'] = { type: 'doc', content: [{ type: 'paragraph' }] };

export const USER_TYPE_OPTIONS = Object.entries(USER_TYPES).map(([value, label]) => ({ value: Number(value), label }));

/** A new article, or the editable fields of one as the API answered it. */
export function draftOf(article?: Article): ArticleDraft {
  if (!article)
    return {
      title: '',
      body: EMPTY_DOCUMENT,
      category: null,
      status: 'DRAFT',
      audience: { user_types: [], legal_entities: [], clients: [], cost_centres: [] },
      review_by: null,
      acknowledgement_required: false,
    };
  return {
    title: article.title,
    body: (article.body.type === 'doc' ? article.body : EMPTY_DOCUMENT) as ArticleDraft['body'],
    category: article.category?.id ?? null,
    status: article.status,
    audience: {
      user_types: [...article.audience.user_types],
      legal_entities: [...article.audience.legal_entities],
      clients: [...article.audience.clients],
      cost_centres: [...article.audience.cost_centres],
    },
    review_by: article.review_by,
    acknowledgement_required: article.acknowledgement_required,
  };
}

export type DraftField = keyof ArticleDraft;
export const DRAFT_FIELDS: { name: DraftField; label: string }[] = [
  { name: 'title', label: 'Title' },
  { name: 'body', label: 'Text' },
  { name: 'category', label: 'Category' },
  { name: 'status', label: 'Status' },
  { name: 'audience', label: 'Audience' },
  { name: 'review_by', label: 'Review by' },
  { name: 'acknowledgement_required', label: 'Acknowledgement required' },
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether two drafts save the same article. */
export const sameDraft = (a: ArticleDraft, b: ArticleDraft) => DRAFT_FIELDS.every(({ name }) => same(a[name], b[name]));

/** Client-side checks before a save; the server's 400 says the rest. */
export function checkDraft(draft: ArticleDraft): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  if (!draft.title.trim()) errors.title = 'This field may not be blank.';
  else if (draft.title.trim().length > 200) errors.title = 'Ensure this field has no more than 200 characters.';
  if (draft.review_by && !/^\d{4}-\d{2}-\d{2}$/.test(draft.review_by)) errors.review_by = 'Enter a valid date.';
  return errors;
}

/** A 400's messages placed on the editor's fields (audience lists under "audience"); what no field takes, apart. */
export function placeErrors(body: unknown): { fields: Partial<Record<DraftField, string>>; other: string[] } {
  const fields: Partial<Record<DraftField, string>> = {};
  const other: string[] = [];
  const known = new Set<string>(DRAFT_FIELDS.map((field) => field.name));
  for (const [path, message] of flattenApiErrors(body)) {
    const top = path.split('.')[0]!;
    if (known.has(top)) {
      const field = top as DraftField;
      const detail = path.includes('.')
        ? `${path
            .split('.')
            .slice(1)
            .filter((part) => !/^\d+$/.test(part))
            .join(' ')
            .replace(/_/g, ' ')}: ${message}`
        : message;
      fields[field] ??= detail;
    } else other.push(path === 'non_field_errors' || path === 'detail' ? message : `${path}: ${message}`);
  }
  return { fields, other };
}

/** One field that differs between what the editor holds and the article as someone else saved it. */
export interface DraftConflict {
  name: DraftField;
  label: string;
  theirs: unknown;
  mine: unknown;
  changedByThem: boolean;
  changedByMe: boolean;
}

/** After a 412: the fields where the editor's draft and the current article differ, with who changed each. */
export function draftConflicts(base: ArticleDraft, theirs: ArticleDraft, mine: ArticleDraft): DraftConflict[] {
  return DRAFT_FIELDS.filter(({ name }) => !same(mine[name], theirs[name])).map(({ name, label }) => ({
    name,
    label,
    theirs: theirs[name],
    mine: mine[name],
    changedByThem: !same(base[name], theirs[name]),
    changedByMe: !same(base[name], mine[name]),
  }));
}

/** The draft to save after a conflict: their article, with the user's value wherever they keep theirs (by default where only they changed it). */
export function settleDraft(
  theirs: ArticleDraft,
  conflicts: DraftConflict[],
  keepMine: Partial<Record<DraftField, boolean>>,
): ArticleDraft {
  const settled = { ...theirs } as Record<DraftField, unknown>;
  for (const conflict of conflicts) if (keepMine[conflict.name] ?? conflict.changedByMe) settled[conflict.name] = conflict.mine;
  return settled as unknown as ArticleDraft;
}

/** A field's value as the conflict table shows it. */
export function describeValue(name: DraftField, value: unknown, categoryName: (id: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (name === 'body') {
    const text = documentPlainText(value);
    return text.length > 160 ? `${text.slice(0, 160)}…` : text || '—';
  }
  if (name === 'category') return categoryName(String(value));
  if (name === 'acknowledgement_required') return value ? 'Yes' : 'No';
  if (name === 'status') return String(value).charAt(0) + String(value).slice(1).toLowerCase();
  if (name === 'audience') return audienceSummary(value as ArticleDraft['audience']);
  return String(value);
}

/** "Site User, Operation User · 2 clients", or "Everyone". */
export function audienceSummary(audience: ArticleDraft['audience']): string {
  const types = audience.user_types.map(
    (type) => USER_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? String(type),
  );
  const counts = [
    [audience.legal_entities.length, 'legal entity', 'legal entities'],
    [audience.clients.length, 'client', 'clients'],
    [audience.cost_centres.length, 'cost centre', 'cost centres'],
  ] as const;
  const places = counts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  const parts = [types.join(', '), places.join(', ')].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Everyone';
}
