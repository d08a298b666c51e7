import type { MessagePort } from 'node:worker_threads';
import { serve } from '../../platform/worker-pool';
import { readTableHere, type TableType } from './table-reader';

/** Parses an import file in a worker thread, one batch of rows per request of `readTable`; `null` at the end. */
export default async function readTableTask({
  filePath,
  type,
  batch,
  port,
}: {
  filePath: string;
  type: TableType;
  batch: number;
  port: MessagePort;
}) {
  const rows = readTableHere(filePath, type)[Symbol.asyncIterator]();
  let finished = false;
  await serve<'next', string[][] | null>(port, async () => {
    const out: string[][] = [];
    while (!finished && out.length < batch) {
      const next = await rows.next();
      if (next.done) finished = true;
      else out.push(next.value);
    }
    return { reply: out.length ? out : null };
  });
  await rows.return?.(undefined);
}
