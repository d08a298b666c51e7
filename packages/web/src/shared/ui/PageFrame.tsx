import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { HEADER_HEIGHT } from '../theme';

export interface PageFrameProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /**
   * A list page: the whole width the shell gives it, and at least the window's height, which the
   * content's growing child (the list) takes, so the list scrolls inside and its footer stays in view.
   */
  fill?: boolean;
  children: ReactNode;
}

/** The frame every page sits in: one h1, optional actions, content. */
export function PageFrame({ title, subtitle, actions, fill = false, children }: PageFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a navigation keyboard and screen reader users start at the new page's heading, unless
  // the page already put focus into itself (a form's first field).
  useEffect(() => {
    if (!frame.current?.contains(document.activeElement)) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Box
      ref={frame}
      sx={
        fill
          ? { p: { xs: 2, md: 3 }, py: { md: 2 }, width: '100%', display: 'flex', flexDirection: 'column', minHeight: { sm: `calc(100vh - ${HEADER_HEIGHT})` } }
          : { p: { xs: 2, md: 3 }, maxWidth: 1400, mx: 'auto', width: '100%' }
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: fill ? 2 : 3, flexShrink: 0, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          {/* A name of 255 characters without a space wraps instead of widening the page. */}
          <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>{actions}</Stack>}
      </Stack>
      {children}
    </Box>
  );
}
