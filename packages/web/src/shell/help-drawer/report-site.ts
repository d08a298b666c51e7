import { useSyncExternalStore } from 'react';

/** The site a new ticket is about when the help drawer was opened by scanning a site's QR code (`/report?cost_centre=`). */
export interface ReportSite {
  id: string;
  name: string;
}

let current: ReportSite | null = null;
const listeners = new Set<() => void>();

export function setReportSite(site: ReportSite | null): void {
  current = site;
  for (const listener of listeners) listener();
}

export function useReportSite(): ReportSite | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
