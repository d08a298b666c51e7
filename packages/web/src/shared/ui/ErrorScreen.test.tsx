import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ErrorScreen } from './ErrorScreen';

afterEach(cleanup);

describe('ErrorScreen', () => {
  it('names a new version and offers Reload and Home', () => {
    const onReload = vi.fn();
    render(<ErrorScreen kind="new-version" onReload={onReload} />);
    expect(screen.getByRole('alert')).toHaveAccessibleName('A new version is available');
    expect(screen.getByRole('heading', { level: 1, name: 'A new version is available' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('says when the server cannot be reached, and never shows developer wording', () => {
    render(<ErrorScreen kind="unreachable" onReload={() => undefined} />);
    expect(screen.getByRole('heading', { name: "Can't reach the server" })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Hey developer|dynamically imported module|errorElement/);
  });

  it('has a screen for a page that crashed', () => {
    render(<ErrorScreen kind="crash" onReload={() => undefined} homeHref="/home" />);
    expect(screen.getByRole('heading', { name: 'Something went wrong on this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  });
});
