import type { Acknowledgements } from '@ops/contract/knowledge/knowledge.schemas';

// The acknowledgement list as a CSV file (the API answers it as JSON only, so the browser writes it).

/** One CSV cell: quoted when needed; a leading = + - @ (a spreadsheet formula) is neutralised with a quote mark. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** "Person,Status,Acknowledged at,Version": the acknowledged people first, then the pending ones. */
export function acknowledgementsCsv(list: Acknowledgements, title: string): string {
  const rows: string[][] = [
    ['Article', 'Person', 'Status', 'Acknowledged at', 'Version'],
    ...list.acknowledged.map((entry) => [title, entry.user.full_name, 'Acknowledged', entry.at, String(list.version)]),
    ...list.pending.map((entry) => [title, entry.user.full_name, 'Pending', '', String(list.version)]),
  ];
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A file name for the list: "acknowledgements-<title>-v<version>.csv", the title reduced to safe characters. */
export function acknowledgementsFileName(title: string, version: number): string {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'article';
  return `acknowledgements-${slug}-v${version}.csv`;
}

/** Hands a text to the browser as a downloaded file. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  // A byte order mark so spreadsheet programs read the names as UTF-8.
  const href = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
