import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from './lossless-json';
import { decimal, int64, MappingError } from './mapping';

describe('lossless JSON parsing of source payloads', () => {
  it('keeps int64 and decimals as their source text, safe integers as numbers, strings untouched', () => {
    const parsed = parseJsonLossless(
      '{"RecId":9007199254740993,"Amount":12345678.90,"n":42,"neg":-0.5,"e":1e3,"s":"a 9007199254740993, \\"1.5\\"","list":[1.10,2]}',
    );
    expect(parsed).toEqual({
      RecId: '9007199254740993',
      Amount: '12345678.90',
      n: 42,
      neg: '-0.5',
      e: '1e3',
      s: 'a 9007199254740993, "1.5"',
      list: ['1.10', 2],
    });
  });

  it('normalises decimals to the column scale without rounding, and refuses what does not fit', () => {
    expect(decimal('12.5', 'x', 2)).toBe('12.50');
    expect(decimal('007.1000', 'x', 4)).toBe('7.1000');
    expect(decimal('-3', 'x', 2)).toBe('-3.00');
    expect(decimal(1.25, 'x', 2)).toBe('1.25');
    expect(() => decimal('1.234', 'x', 2)).toThrow(MappingError);
    expect(() => decimal('1,000.00', 'x', 2)).toThrow(MappingError);
    expect(int64('9223372036854775807', 'id')).toBe('9223372036854775807');
    expect(() => int64('9223372036854775808', 'id')).toThrow(MappingError);
  });
});
