import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../shared/report-error';
import { ErrorScreen, type ErrorScreenKind } from '../shared/ui/ErrorScreen';
import { PageLoading } from '../shared/ui/PageLoading';
import { classifyRouteError, isChunkLoadError } from './route-error';

async function serverAnswers(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  try {
    return (await fetch('/healthz', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * The router's error element: instead of React Router's developer page, the product's screen with
 * Reload and Home. Per page it renders inside the shell (header and navigation stay); at the root
 * it fills the window.
 */
export function RouteError({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const [kind, setKind] = useState<ErrorScreenKind | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const answers = isChunkLoadError(error) ? await serverAnswers() : true;
      const next = classifyRouteError(error, answers);
      if (next === 'crash') reportError(error, { where: 'route' });
      if (!cancelled) setKind(next);
    })();
    return () => {
      cancelled = true;
    };
  }, [error]);

  if (!kind) return <PageLoading fullScreen={fullScreen} />;
  return <ErrorScreen kind={kind} fullScreen={fullScreen} onReload={() => window.location.reload()} />;
}
