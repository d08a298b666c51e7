import { afterEach, describe, expect, it } from 'vitest';
import { buildTheme, readDeviceThemePrefs } from './theme';

afterEach(() => localStorage.clear());

describe('the theme before anyone chose one (issue 38 point 13)', () => {
  it('follows the device: dark where the browser prefers dark, light where it prefers light', () => {
    const prefs = readDeviceThemePrefs();
    expect(prefs.mode).toBe('SYSTEM');
    expect(buildTheme(prefs, true).palette.mode).toBe('dark');
    expect(buildTheme(prefs, false).palette.mode).toBe('light');
  });

  it('keeps a choice the device remembers', () => {
    localStorage.setItem('ops.theme', JSON.stringify({ mode: 'LIGHT' }));
    expect(buildTheme(readDeviceThemePrefs(), true).palette.mode).toBe('light');
  });
});
