import { describe, expect, it } from 'vitest';
import { contentWidth, fitColumnWidths, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-widths';

const fonts = { header: '600 14px sans-serif', cell: '14px sans-serif' };
/** 8 px a character, whatever the font. */
const measure = (text: string) => text.length * 8;

describe('contentWidth', () => {
  it('fits a 30-character name and a long header label whole', () => {
    const name = 'Alice Springs Community Servic'; // 30 characters
    expect(contentWidth('Name', [name, 'Short'], fonts, measure)).toBeGreaterThanOrEqual(30 * 8 + 20);
    expect(contentWidth('Account number', ['C1'], fonts, measure)).toBeGreaterThanOrEqual('Account number'.length * 8 + 60);
  });

  it('keeps columns between the minimum and the maximum width', () => {
    expect(contentWidth('Id', ['1'], fonts, measure)).toBe(MIN_COLUMN_WIDTH);
    expect(contentWidth('Notes', ['x'.repeat(500)], fonts, measure)).toBe(MAX_COLUMN_WIDTH);
  });
});

describe('fitColumnWidths', () => {
  // The clients list at 1920 px: 1,606 px of grid, columns asking 1,734 px (Email ran off the edge).
  const clients = [
    { field: 'name', width: 296, min: 120, fixed: false },
    { field: 'account_number', width: 197, min: 197, fixed: false },
    { field: 'legal_entity', width: 282, min: 160, fixed: false },
    { field: 'industry', width: 162, min: 130, fixed: false },
    { field: 'account_type', width: 172, min: 172, fixed: false },
    { field: 'status', width: 120, min: 120, fixed: false },
    { field: 'location', width: 147, min: 147, fixed: false },
    { field: 'email', width: 358, min: 220, fixed: false },
  ];
  const total = (widths: Map<string, number>) => [...widths.values()].reduce((sum, width) => sum + width, 0);

  it('cuts the widest columns first so that every column fits the width', () => {
    const widths = fitColumnWidths(clients, 1606);
    expect(total(widths)).toBeLessThanOrEqual(1606);
    expect(total(widths)).toBeGreaterThan(1600);
    expect(widths.get('email')).toBeLessThan(358);
    expect(widths.get('email')).toBeGreaterThanOrEqual(220);
    // Columns narrower than the cut keep their width.
    for (const field of ['account_number', 'industry', 'account_type', 'status', 'location']) {
      expect(widths.get(field), field).toBe(clients.find((column) => column.field === field)!.width);
    }
  });

  it('shares spare width out so that the columns fill the grid, keeping a width the user set', () => {
    const widths = fitColumnWidths([...clients.slice(0, 3), { field: 'email', width: 300, min: 220, fixed: true }], 1606);
    expect(total(widths)).toBe(1606);
    expect(widths.get('email')).toBe(300);
    expect(widths.get('name')!).toBeGreaterThan(296);
  });

  it('leaves the widths alone when even the least widths overflow (the grid scrolls sideways) or no width is measured', () => {
    const widths = fitColumnWidths(clients, 600);
    expect([...widths.values()]).toEqual(clients.map((column) => column.width));
    expect(fitColumnWidths(clients, 0)).toEqual(new Map(clients.map((column) => [column.field, column.width])));
  });
});
