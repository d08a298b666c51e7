import { describe, expect, it } from 'vitest';
import { neighbourColumn } from './column-keyboard';

const rect = (left: number, width = 170) => ({ left, width, top: 0, height: 400, right: left + width, bottom: 400 });
const columns = [rect(0), rect(182), rect(364), rect(546)];

describe('neighbourColumn', () => {
  it('steps one column right or left of the column that holds the card', () => {
    expect(neighbourColumn(columns, 85, 1)).toBe(columns[1]);
    expect(neighbourColumn(columns, 450, -1)).toBe(columns[1]);
  });

  it('counts a card in the gap as in the nearer column', () => {
    expect(neighbourColumn(columns, 173, 1)).toBe(columns[1]);
    expect(neighbourColumn(columns, 180, 1)).toBe(columns[2]);
  });

  it('has no neighbour past the first or the last column', () => {
    expect(neighbourColumn(columns, 85, -1)).toBeUndefined();
    expect(neighbourColumn(columns, 600, 1)).toBeUndefined();
    expect(neighbourColumn([], 10, 1)).toBeUndefined();
  });
});
