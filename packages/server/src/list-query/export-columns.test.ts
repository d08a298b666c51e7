import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { jobSchema } from '@ops/contract/jobs/jobs.schemas';
import { exportColumns } from './csv-export';

describe('a full export (no select) has a column per leaf of the item, through lists of objects', () => {
  it('expands a list of objects inside an object, as one at the top is', () => {
    const item = z.object({ id: z.string(), undo: z.object({ skipped: z.array(z.object({ row: z.number(), message: z.string() })) }).nullable(), tags: z.array(z.string()) });
    expect(exportColumns(item, null)).toEqual(['id', 'undo.skipped.row', 'undo.skipped.message', 'tags']);
  });

  it("takes a label for a job's undo.skipped.message (the contract test's refused export of /api/jobs/)", () => {
    const columns = exportColumns(jobSchema, null);
    expect(columns).toContain('undo.skipped.message');
    expect(columns).toContain('errors.message');
    expect(columns).not.toContain('undo.skipped');
  });
});
