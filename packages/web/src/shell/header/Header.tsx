import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppBar, Box, IconButton, Stack, Toolbar, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import { HEADER_HEIGHT } from '../../shared/theme';
import { useShell } from '../shell-context';
import { Breadcrumb } from './Breadcrumb';
import { breadcrumbWidth } from './breadcrumb';
import { HelpMenu } from './HelpMenu';
import { NotificationsMenu } from './NotificationsMenu';
import { ProfileMenu } from './ProfileMenu';
import { SearchLauncher } from '../search/SearchLauncher';

/** Tracks an element's width. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.borderBoxSize[0]?.inlineSize ?? entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function Header() {
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { navOpen, setNavOpen } = useShell();
  const [headerRef, headerWidth] = useWidth<HTMLDivElement>();
  const [controlsRef, controlsWidth] = useWidth<HTMLDivElement>();
  const crumbWidth = headerWidth ? breadcrumbWidth(headerWidth, controlsWidth, !large) : undefined;

  return (
    <AppBar
      position="fixed"
      elevation={0}
      color="inherit"
      sx={{ height: HEADER_HEIGHT, zIndex: theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar ref={headerRef} disableGutters sx={{ minHeight: `${HEADER_HEIGHT} !important`, height: HEADER_HEIGHT }}>
        {/* The left block is exactly the 212 / 90 px that the breadcrumb width of spec web-shell §9 reserves. */}
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0, width: large ? 212 : 90, pl: 1, boxSizing: 'border-box' }}>
          {!large && (
            <Tooltip title="Open navigation">
              <IconButton aria-label="Open navigation" aria-expanded={navOpen ? 'true' : 'false'} aria-controls="side-navigation" onClick={() => setNavOpen(!navOpen)}>
                <MenuIcon />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title="Home">
            <IconButton component={RouterLink} to="/" aria-label="Home" color="primary">
              <HomeOutlinedIcon />
            </IconButton>
          </Tooltip>
          {large && (
            <Typography component="span" noWrap sx={{ fontWeight: 700, letterSpacing: 0.2, minWidth: 0, pr: 1 }}>
              Operations
            </Typography>
          )}
        </Stack>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex' }}>
          <Breadcrumb width={crumbWidth} />
        </Box>
        <Stack ref={controlsRef} data-header-controls direction="row" spacing={0.25} sx={{ alignItems: 'center', flexShrink: 0, pr: 1, pl: 1 }}>
          <SearchLauncher />
          <HelpMenu />
          <NotificationsMenu />
          <ProfileMenu />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
