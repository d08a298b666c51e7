import { describe, expect, it } from 'vitest';
import { canTransition, TICKET_STATUSES } from '@ops/contract/helpdesk/helpdesk.values';
import { BOARD_STATUSES, menuMoves } from './board-moves';

describe('the board card menu', () => {
  it('offers On Hold only the moves the workflow allows (not back to Open)', () => {
    expect(menuMoves('ON_HOLD')).toEqual(['IN_PROGRESS', 'CLOSED']);
    expect(menuMoves('CLOSED')).toEqual(['REOPENED']);
  });

  it('offers, from every status, exactly the transitions the server accepts', () => {
    expect([...BOARD_STATUSES].sort()).toEqual([...TICKET_STATUSES].sort());
    for (const from of BOARD_STATUSES) {
      const allowed = BOARD_STATUSES.filter((to) => to !== from && canTransition(from, to));
      expect(menuMoves(from), from).toEqual(allowed);
    }
  });
});
