import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { mfaEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';
import { setMfaSetupRequired, isMfaSetupRequired } from '../../shared/session/mfa-setup';

export const securityKeys = {
  mfa: ['identity', 'mfa'] as const,
  sessions: ['identity', 'sessions'] as const,
};

export const mfaStatusQuery = queryOptions({
  queryKey: securityKeys.mfa,
  queryFn: ({ signal }) => callEndpoint(mfaEndpoints.status, { signal }),
});

export const sessionsQuery = queryOptions({
  queryKey: securityKeys.sessions,
  queryFn: ({ signal }) => callEndpoint(mfaEndpoints.listSessions, { signal }),
});

/**
 * After a second factor changed: the status again, and, when the user had to set one up before
 * anything else, everything the app could not load until now.
 */
export function useFactorsChanged() {
  const queryClient = useQueryClient();
  return async (hasFactor: boolean) => {
    if (hasFactor && isMfaSetupRequired()) {
      setMfaSetupRequired(false);
      await queryClient.invalidateQueries();
      return;
    }
    await queryClient.invalidateQueries({ queryKey: securityKeys.mfa });
  };
}

/** The recovery codes as a text file to keep (download or copy). */
export function recoveryCodesText(codes: string[], account: string, issuedAt: Date = new Date()): string {
  return [
    'Operations Platform recovery codes',
    `Account: ${account}`,
    `Issued: ${issuedAt.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe; setting up the authenticator again issues new ones.',
    '',
    ...codes.map((code, index) => `${String(index + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n');
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows" from a user agent; the agent's first word for scripts and API clients; null when unknown. */
export function describeUserAgent(agent: string | null): string | null {
  if (!agent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  return agent.split(/[\s/]/)[0]?.slice(0, 40) || null;
}
