/**
 * Progress for long work (seed, sync, import, export, backup): a redrawn bar
 * with rows done, rate and time left on a terminal; a line every few seconds
 * otherwise (logs, CI, the CLI channel).
 */
export interface Progress {
  tick(rows?: number): void;
  done(message?: string): void;
}

export function createProgress(
  label: string,
  total: number | undefined,
  print: (line: string) => void,
  options: { tty?: boolean } = {},
): Progress {
  const tty = options.tty ?? (Boolean(process.stdout.isTTY) && print === defaultPrint);
  const started = Date.now();
  let done = 0;
  let lastDraw = 0;

  const render = (final = false) => {
    const elapsed = Math.max(0.001, (Date.now() - started) / 1000);
    const rate = done / elapsed;
    const left = total && rate > 0 ? Math.max(0, (total - done) / rate) : undefined;
    const count = total ? `${done.toLocaleString('en')}/${total.toLocaleString('en')}` : done.toLocaleString('en');
    const timing = `${Math.round(rate).toLocaleString('en')} rows/s${left !== undefined && !final ? `, ${formatSeconds(left)} left` : `, ${formatSeconds(elapsed)}`}`;
    if (tty) {
      const width = 28;
      const filled = total ? Math.min(width, Math.round((done / total) * width)) : 0;
      const bar = total ? `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` : '';
      process.stdout.write(`\r${label} ${bar}${count} (${timing})\x1b[K${final ? '\n' : ''}`);
    } else {
      print(`${label}: ${count} (${timing})`);
    }
  };

  return {
    tick(rows = 1) {
      done += rows;
      const now = Date.now();
      if (now - lastDraw >= (tty ? 100 : 5000)) {
        lastDraw = now;
        render();
      }
    },
    done(message) {
      render(true);
      if (message) print(message);
    },
  };
}

export const defaultPrint = (line: string) => process.stdout.write(`${line}\n`);

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}
