import { replaceEqualDeep } from '@tanstack/react-query';

// Conditional writes (docs/decisions.md, "Conditional writes"): a record's detail answers an ETag; the
// edit form that shows that record sends it back as If-Match, so a save never overwrites a change made
// since the form was filled. The tag belongs to the answer object it came with, kept here beside it
// (never a property of the data, which forms and lists spread and compare).

const tags = new WeakMap<object, string>();

/** The entity tag the server answered with `data` (a detail, or a 412's `current`), if it sent one. */
export const tagOf = (data: unknown): string | undefined => (data && typeof data === 'object' ? tags.get(data) : undefined);

/** Keeps `tag` with `data`; nothing for a non-object or a missing tag. */
export function rememberTag(data: unknown, tag: string | null | undefined): void {
  if (tag && data && typeof data === 'object') tags.set(data, tag);
}

/**
 * React Query's structural sharing, keeping the tag: an unchanged answer keeps the old object (now
 * with the new answer's tag, which describes the same data), a changed one is a new object that gets it.
 */
export function shareKeepingTags(previous: unknown, next: unknown): unknown {
  const shared = replaceEqualDeep(previous, next);
  rememberTag(shared, tagOf(next));
  return shared;
}
