import type { Writable } from 'node:stream';

/** After a write answered false: waits until `out` takes more (true), or its reader went away first (false). */
export function drained(out: Writable): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (more: boolean) => () => {
      out.off('drain', onDrain).off('close', onClose);
      resolve(more);
    };
    const onDrain = done(true);
    const onClose = done(false);
    out.once('drain', onDrain).once('close', onClose);
  });
}
