import type { SearchResult } from '@ops/contract/search/search.schemas';
import { SEARCH_PAGES } from '@ops/contract/search/search.pages';
import { WORD_SIMILARITY_THRESHOLD } from '../../platform/db';
import type { ListViewer } from '../../list-query/list-resource';

/** A result with the score it is ranked by (pages and records together). */
export interface ScoredResult extends SearchResult {
  score: number;
}

/** Trigrams of a word as pg_trgm takes them (lower case, padded), for the page list kept in memory. */
function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** pg_trgm's word similarity in spirit: the share of the query's trigrams found in the text. */
function pageScore(q: string, text: string): number {
  const lower = text.toLowerCase();
  const needle = q.toLowerCase();
  if (lower === needle) return 3;
  if (lower.startsWith(needle)) return 2;
  if (lower.includes(needle)) return 1.5;
  const query = trigrams(q);
  if (!query.size) return 0;
  const have = trigrams(text);
  let common = 0;
  for (const t of query) if (have.has(t)) common++;
  const similarity = common / query.size;
  return similarity >= WORD_SIMILARITY_THRESHOLD + 0.2 ? similarity : 0;
}

/** The pages (kept in memory, SEARCH_PAGES) the viewer may open that match the query, scored alike with the records. */
export function pageResults(viewer: ListViewer, q: string): ScoredResult[] {
  const hits: ScoredResult[] = [];
  for (const page of SEARCH_PAGES) {
    if (page.permission && !viewer.canRead(page.permission)) continue;
    const score = Math.max(pageScore(q, page.title), pageScore(q, page.keywords ?? '') * 0.8);
    if (score > 0) hits.push({ type: 'page', id: page.url, title: page.title, subtitle: page.section, url: page.url, score: score + 0.25 });
  }
  return hits;
}
