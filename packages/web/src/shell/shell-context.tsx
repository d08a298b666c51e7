import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ShellControls {
  helpDrawerOpen: boolean;
  openHelpDrawer: () => void;
  closeHelpDrawer: () => void;
  settingsOpen: boolean;
  openSettings: () => void;
  closeSettings: () => void;
  navOpen: boolean;
  setNavOpen: (open: boolean) => void;
}

const ShellContext = createContext<ShellControls | null>(null);

export function ShellProvider({ children }: { children: ReactNode }) {
  const [helpDrawerOpen, setHelpDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const value = useMemo<ShellControls>(
    () => ({
      helpDrawerOpen,
      openHelpDrawer: () => setHelpDrawerOpen(true),
      closeHelpDrawer: () => setHelpDrawerOpen(false),
      settingsOpen,
      openSettings: () => setSettingsOpen(true),
      closeSettings: () => setSettingsOpen(false),
      navOpen,
      setNavOpen,
    }),
    [helpDrawerOpen, settingsOpen, navOpen],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellControls {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside ShellProvider');
  return value;
}
