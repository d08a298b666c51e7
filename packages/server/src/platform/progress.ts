import { SingleBar } from 'cli-progress';

/**
 * Progress for long work (seed, sync, import, export, backup): a cli-progress
 * bar with rows done, rate and time left on a terminal; a line every few
 * seconds otherwise (logs, CI, the CLI channel to a running server).
 */
export interface Progress {
  tick(rows?: number): void;
  done(message?: string): void;
}

export function createProgress(
  label: string,
  total: number | undefined,
  print: (line: string) => void,
  options: { tty?: boolean; stream?: NodeJS.WritableStream } = {},
): Progress {
  const stream = options.stream ?? process.stdout;
  const tty = options.tty ?? terminalProgress(print);
  const started = Date.now();
  let done = 0;
  let lastLine = 0;

  const rate = () => done / Math.max(0.001, (Date.now() - started) / 1000);
  const line = (final: boolean) => {
    const elapsed = (Date.now() - started) / 1000;
    const left = total && rate() > 0 ? Math.max(0, (total - done) / rate()) : undefined;
    const count = total ? `${done.toLocaleString('en')}/${total.toLocaleString('en')}` : done.toLocaleString('en');
    const timing = left !== undefined && !final ? `${formatSeconds(left)} left` : formatSeconds(elapsed);
    return `${label}: ${count} (${Math.round(rate()).toLocaleString('en')} rows/s, ${timing})`;
  };

  if (tty) {
    const format = total
      ? `${label} [{bar}] {value}/{total} ({rate} rows/s, {eta_formatted} left)`
      : `${label} {value} rows ({rate} rows/s, {duration_formatted})`;
    const bar = new SingleBar({
      format,
      stream,
      barsize: 28,
      fps: 10,
      hideCursor: false,
      clearOnComplete: false,
      forceRedraw: true,
      noTTYOutput: true,
    });
    bar.start(total ?? 0, 0, { rate: 0 });
    return {
      tick(rows = 1) {
        done += rows;
        bar.update(done, { rate: Math.round(rate()).toLocaleString('en') });
      },
      done(message) {
        bar.update(done, { rate: Math.round(rate()).toLocaleString('en') });
        bar.stop();
        if (message) print(message);
      },
    };
  }

  return {
    tick(rows = 1) {
      done += rows;
      const now = Date.now();
      if (now - lastLine >= 5000) {
        lastLine = now;
        print(line(false));
      }
    },
    done(message) {
      print(line(true));
      if (message) print(message);
    },
  };
}

export const defaultPrint = (line: string) => process.stdout.write(`${line}\n`);

/** Whether `print` writes straight to a terminal, so a command may draw a bar rather than print lines. */
export const terminalProgress = (print: (line: string) => void) => Boolean(process.stdout.isTTY) && print === defaultPrint;

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}
