import { describe, expect, it } from 'vitest';
import { readAhead, refersToItself } from './import-rows';
import { TARGETS } from './import-targets';

describe('readAhead', () => {
  it('reads the next item while the consumer works on the current one, never more than one ahead', async () => {
    const events: string[] = [];
    async function* source() {
      for (let i = 0; i < 3; i++) {
        events.push(`read ${i}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield i;
      }
      events.push('end');
    }
    for await (const item of readAhead(source())) {
      events.push(`work ${item} starts`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push(`work ${item} ends`);
    }
    // Item k + 1 is asked for before item k is handed over; item k + 2 only once the consumer is done with item k.
    expect(events).toEqual([
      'read 0',
      'read 1',
      'work 0 starts',
      'work 0 ends',
      'read 2',
      'work 1 starts',
      'work 1 ends',
      'end',
      'work 2 starts',
      'work 2 ends',
    ]);
  });

  it('stopping early waits for the read under way, then closes the source', async () => {
    const events: string[] = [];
    async function* source() {
      try {
        for (let i = 0; ; i++) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          events.push(`read ${i}`);
          yield i;
        }
      } finally {
        events.push('closed');
      }
    }
    for await (const item of readAhead(source())) if (item === 1) break;
    expect(events).toEqual(['read 0', 'read 1', 'read 2', 'closed']);
  });

  it('hands a failing read to the consumer when it gets there', async () => {
    async function* source() {
      yield 1;
      throw new Error('unreadable');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source())) seen.push(item);
      })(),
    ).rejects.toThrow('unreadable');
    expect(seen).toEqual([1]);
  });
});

describe('refersToItself', () => {
  it('is true when a column maps to a reference to the imported resource (a client parent), else false', () => {
    expect(refersToItself(TARGETS.clients, { mapping: { Parent: 'parent', Name: 'name' } } as never)).toBe(true);
    expect(refersToItself(TARGETS.clients, { mapping: { Entity: 'legal_entity', Name: 'name', Parent: '' } } as never)).toBe(false);
    expect(refersToItself(TARGETS['contact-persons'], { mapping: { Company: 'company' } } as never)).toBe(false);
  });
});
