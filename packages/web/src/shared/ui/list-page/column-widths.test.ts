import { describe, expect, it } from 'vitest';
import { contentWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-widths';

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
