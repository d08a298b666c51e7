import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EditConflictPanel } from './EditConflictPanel';
import type { FieldConflict } from './edit-conflict';

const conflicts: FieldConflict[] = [
  { field: { name: 'name', label: 'Name', kind: 'text' }, base: 'Old', theirs: 'Theirs Pty', mine: 'Mine Pty', changedByThem: true, changedByMe: true },
  { field: { name: 'notes', label: 'Notes', kind: 'text' }, base: '', theirs: 'Their note', mine: '', changedByThem: true, changedByMe: false },
] as FieldConflict[];

// MUI's useMediaQuery looks for matchMedia once, when it is imported: the stub is set before that and
// answers for the width the test asks for (390 px, a phone, or 1280).
const screenWidth = vi.hoisted(() => {
  const state = { width: 1280 };
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || state.width <= Number(max[1])) && (!min || state.width >= Number(min[1]));
    return { matches, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false } as MediaQueryList;
  };
  return state;
});
const viewport = (width: number) => {
  screenWidth.width = width;
};

function renderPanel(onChoose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EditConflictPanel noun="rule" conflicts={conflicts} choices={{}} values={{}} onChoose={onChoose} />
    </QueryClientProvider>,
  );
  return onChoose;
}

afterEach(() => {
  cleanup();
  viewport(1280);
});

describe('EditConflictPanel', () => {
  it('names what was saved and shows each field with both versions in a table on a wide screen', () => {
    viewport(1280);
    renderPanel();
    expect(screen.getByText(/Someone else saved this rule while you were editing it/)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Changes to resolve' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Theirs Pty');
    expect(rows[1]!.textContent).toContain('Mine Pty');
  });

  it('on a phone gives each field a block of its own, versions one above the other, with the choice of what to keep', () => {
    viewport(390);
    const onChoose = renderPanel();
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Changes to resolve' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const name = within(items[0]!);
    expect(name.getByText('Changed by both of you')).toBeTruthy();
    expect(name.getByText('Theirs Pty')).toBeTruthy();
    expect(name.getByText('Mine Pty')).toBeTruthy();
    // Only they changed the notes: theirs is kept unless the user says otherwise.
    const keepNotes = within(items[1]!).getByRole('radiogroup', { name: 'Keep for Notes' });
    expect((within(keepNotes).getByRole('radio', { name: 'Theirs' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(keepNotes).getByRole('radio', { name: 'Mine' }));
    expect(onChoose).toHaveBeenCalledWith('notes', 'mine');
  });
});
