import { useSyncExternalStore } from 'react';

/**
 * Whether the server said this user must set up a second factor before anything else
 * (403 `mfa_setup_required`, MFA_REQUIRED_USER_TYPES). The security page explains it; setting
 * up a factor clears it.
 */
let required = false;
const listeners = new Set<() => void>();

export function setMfaSetupRequired(value: boolean) {
  if (required === value) return;
  required = value;
  listeners.forEach((listener) => listener());
}

export const isMfaSetupRequired = () => required;

export function useMfaSetupRequired(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => required,
  );
}
