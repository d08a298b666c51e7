import { describe, expect, it } from 'vitest';
import { FIELD_KIND_LOOKUPS } from '@ops/contract/common/list-query';
import { conditionsOf, editorValue, engineValue, FILTER_OPERATORS, filterKey, isCompleteValue, otherFilters, splitFilterKey, withCondition, withoutField, withoutKey, type FilterKind } from './list-filters';

const op = (kind: FilterKind, id: string) => FILTER_OPERATORS[kind].find((o) => o.id === id)!;
const engineKind: Record<FilterKind, keyof typeof FIELD_KIND_LOOKUPS> = {
  text: 'text', enum: 'enum', number: 'number', decimal: 'decimal', date: 'date', datetime: 'datetime', boolean: 'boolean', relation: 'uuid',
};

describe('list filters', () => {
  it.each(Object.keys(FILTER_OPERATORS) as FilterKind[])('offers only lookups the list engine accepts for %s fields', (kind) => {
    const allowed = FIELD_KIND_LOOKUPS[engineKind[kind]] as readonly string[];
    for (const operator of FILTER_OPERATORS[kind]) expect(allowed).toContain(operator.lookup);
  });

  it.each([
    ['text', 'contains', 'acme', 'name__icontains', 'acme'],
    ['text', 'equals', 'Acme', 'name__iexact', 'Acme'],
    ['text', 'starts', 'Ac', 'name__istartswith', 'Ac'],
    ['text', 'blank', undefined, 'name', ''],
    ['enum', 'is', 'SITE', 'name', 'SITE'],
    ['enum', 'any', ['SITE', 'CLIENT'], 'name__in', ['SITE', 'CLIENT']],
    ['number', 'gt', '10', 'name__gt', 10],
    ['number', 'between', ['1', '5'], 'name__range', [1, 5]],
    ['date', 'before', '2024-05-01', 'name__lt', '2024-05-01'],
    ['datetime', 'between', ['2024-05-01', '2024-05-31'], 'name__range', ['2024-05-01', '2024-05-31T23:59:59.999Z']],
    ['datetime', 'after', '2024-05-01', 'name__gt', '2024-05-01T23:59:59.999Z'],
    ['relation', 'empty', undefined, 'name__isnull', true],
  ] as const)('writes %s %s as the engine key and value', (kind, id, value, key, expected) => {
    const operator = op(kind, id);
    expect(filterKey('name', operator)).toBe(key);
    expect(engineValue(kind, operator, value)).toEqual(expected);
  });

  it('reads saved filters back into conditions, dropping fields no column knows', () => {
    const kinds: Record<string, FilterKind> = { name: 'text', account_type: 'enum', legal_entity: 'relation' };
    const conditions = conditionsOf({ name__icontains: 'a', account_type__in: ['SITE'], legal_entity__isnull: true, gone__gt: 1 }, (field) => kinds[field]);
    expect(conditions.map((c) => [c.field, c.operator.id])).toEqual([
      ['name', 'contains'],
      ['account_type', 'any'],
      ['legal_entity', 'empty'],
    ]);
  });

  it('splits keys on the last known lookup only', () => {
    expect(splitFilterKey('legal_entity__name__icontains')).toEqual({ field: 'legal_entity__name', lookup: 'icontains' });
    expect(splitFilterKey('sub_industry')).toEqual({ field: 'sub_industry', lookup: 'exact' });
  });

  it('keeps one condition per field', () => {
    const once = withCondition({ name__icontains: 'a', code: 'X' }, 'name', 'name__iexact', 'b');
    expect(once).toEqual({ code: 'X', name__iexact: 'b' });
    expect(withoutField(once, 'name')).toEqual({ code: 'X' });
  });

  it('applies only complete values', () => {
    expect(isCompleteValue(op('text', 'contains'), '')).toBe(false);
    expect(isCompleteValue(op('number', 'between'), ['1', ''])).toBe(false);
    expect(isCompleteValue(op('enum', 'any'), [])).toBe(false);
    expect(isCompleteValue(op('text', 'blank'), undefined)).toBe(true);
  });

  it('shows widened date-time values as the days the user picked', () => {
    expect(editorValue('datetime', op('datetime', 'between'), ['2024-05-01', '2024-05-31T23:59:59.999Z'])).toEqual(['2024-05-01', '2024-05-31']);
  });
});

describe('every filter the list applies has a chip', () => {
  it('reads a dashboard window (created_at__gte) as "on or after" its first day, and lists what no column reads', () => {
    const filters = { ticket_status: 'OPEN', created_at__gte: '2026-10-29T00:00:00.000Z', requester__email__icontains: 'x' };
    const kinds: Record<string, FilterKind> = { ticket_status: 'enum', created_at: 'datetime' };
    const conditions = conditionsOf(filters, (field) => kinds[field]);
    expect(conditions.map((c) => [c.key, c.operator.label])).toEqual([
      ['ticket_status', 'is'],
      ['created_at__gte', 'on or after'],
    ]);
    const window = conditions[1]!;
    expect(editorValue('datetime', window.operator, window.value)).toBe('2026-10-29');
    expect(engineValue('datetime', FILTER_OPERATORS.datetime.find((op) => op.id === 'until')!, '2026-10-29')).toBe('2026-10-29T23:59:59.999Z');
    expect(otherFilters(filters, conditions)).toEqual([{ key: 'requester__email__icontains', field: 'requester__email', lookup: 'icontains', value: 'x' }]);
    // A chip removes its own entry only.
    expect(withoutKey({ created_at__gte: 'a', created_at__lte: 'b' }, 'created_at__gte')).toEqual({ created_at__lte: 'b' });
  });
});
