import { describe, expect, it } from 'vitest';
import type { View } from '@ops/contract/views/views.schemas';
import { sameView, startViewOf } from './named-views';
import { viewFromSetting } from './list-state';

const view = (id: string, extra: Partial<View> = {}): View => ({
  id,
  page: 'CLIENTS',
  name: id,
  settings: { filters: { name__icontains: 'cat' }, sorting: ['name'] },
  shared: false,
  owner: { id: 'u', full_name: 'U' },
  is_default: false,
  is_owner: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('the view a list opens with', () => {
  const views = [view('a'), view('b', { is_default: true })];
  it('is the one the URL names, else the default unless the URL has list state', () => {
    expect(startViewOf(views, new URLSearchParams('view_id=a'))?.id).toBe('a');
    expect(startViewOf(views, new URLSearchParams('view_id=gone'))).toBeNull();
    expect(startViewOf(views, new URLSearchParams(''))?.id).toBe('b');
    expect(startViewOf(views, new URLSearchParams('view=list'))?.id).toBe('b');
    expect(startViewOf(views, new URLSearchParams('search=x'))).toBeNull();
    expect(startViewOf([view('a')], new URLSearchParams(''))).toBeNull();
  });
});

describe('sameView', () => {
  it('ignores key order and notices any change', () => {
    const settings = { sorting: ['name'], filters: { b: 1, a: 2 } };
    const state = viewFromSetting({ filters: { a: 2, b: 1 }, sorting: ['name'] });
    expect(sameView(settings, state, 'standard')).toBe(true);
    expect(sameView(settings, { ...state, sorting: ['-name'] }, 'standard')).toBe(false);
    expect(sameView(settings, { ...state, column_widths: { name: 200 } }, 'standard')).toBe(false);
  });
});
