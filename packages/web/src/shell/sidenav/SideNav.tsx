import { Fragment, useEffect, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Theme } from '@mui/material';
import {
  Box,
  Collapse,
  Divider,
  Drawer,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  OutlinedInput,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import CloseIcon from '@mui/icons-material/Close';
import { resolveRoute } from '../../shared/route-meta';
import { HEADER_HEIGHT, SIDENAV_WIDTH } from '../../shared/theme';
import { usePermissions } from '../../shared/session/session';
import { useShell } from '../shell-context';
import { canReadFrom, filterByPermission, filterBySearch } from './nav-filter';
import { FAVORITES_ID, NAV_TREE, RECENT_ID, type NavNode } from './nav-items';
import { menuLists, useMenuSetting, useUpdateMenuSetting } from './menu-setting.queries';
import { entryForRoute, toggleFavorite, visitKey, type MenuEntry } from './recent-pages';

const KEEP_EMPTY = new Set([FAVORITES_ID, RECENT_ID]);

const asNode =
  (prefix: string) =>
  (entry: MenuEntry): NavNode => ({
    id: `${prefix}-${entry.to}`,
    name: entry.name,
    to: entry.to,
    permission: entry.permissions ?? undefined,
  });


/**
 * A nav entry: keyboard focus is a ring in the primary colour, distinct from the current page's
 * filled highlight (MUI's default focus is a grey fill much like the selected one).
 */
const NAV_ITEM_SX = {
  py: 0.5,
  borderRadius: 1,
  mx: 1,
  '&.Mui-focusVisible': { outline: (t: Theme) => `2px solid ${t.palette.primary.main}`, outlineOffset: '-2px', bgcolor: 'transparent' },
  '&.Mui-selected.Mui-focusVisible': { bgcolor: 'action.selected' },
} as const;

function containsPath(node: NavNode, key: string): boolean {
  return node.to === key || (node.children ?? []).some((child) => containsPath(child, key));
}

interface NavBranchProps {
  node: NavNode;
  depth: number;
  currentKey: string;
  expanded: Set<string>;
  forceOpen: boolean;
  onToggle: (id: string) => void;
  onNavigate: () => void;
}

function NavBranch({ node, depth, currentKey, expanded, forceOpen, onToggle, onNavigate }: NavBranchProps) {
  const indent = 2 + depth * 1.5;
  if (!node.children) {
    const selected = node.to === currentKey;
    return (
      <li>
        <ListItemButton
          component={RouterLink}
          to={node.to!}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={onNavigate}
          sx={{ ...NAV_ITEM_SX, pl: indent }}
        >
          <ListItemText primary={node.name} slotProps={{ primary: { variant: 'body2', noWrap: true } }} />
        </ListItemButton>
      </li>
    );
  }
  const open = forceOpen || expanded.has(node.id);
  const listId = `nav-group-${node.id}`;
  return (
    <li>
      <ListItemButton
        onClick={() => onToggle(node.id)}
        aria-expanded={open}
        aria-controls={listId}
        sx={{ ...NAV_ITEM_SX, pl: indent }}
      >
        <ListItemText primary={node.name} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 600 }, noWrap: true } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding dense>
          {node.children.map((child) => (
            <NavBranch
              key={child.id}
              node={child}
              depth={depth + 1}
              currentKey={currentKey}
              expanded={expanded}
              forceOpen={forceOpen}
              onToggle={onToggle}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Collapse>
    </li>
  );
}

function NavContent({ onNavigate }: { onNavigate: () => void }) {
  const location = useLocation();
  const currentKey = visitKey(location.pathname, location.search);
  const permissionsQuery = usePermissions();
  const permissions = permissionsQuery.data?.permissions;
  const menu = useMenuSetting();
  const updateMenu = useUpdateMenuSetting();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const can = useMemo(() => canReadFrom(permissions), [permissions]);
  const lists = menuLists(menu.data);

  const tree = useMemo(() => {
    const withMenus = NAV_TREE.map((node) => {
      if (node.id === FAVORITES_ID) return { ...node, children: lists.favorites.map(asNode('favorite')) };
      if (node.id === RECENT_ID) return { ...node, children: lists.recentPages.map(asNode('recent')) };
      return node;
    });
    return filterBySearch(filterByPermission(withMenus, can, KEEP_EMPTY), query);
  }, [lists.favorites, lists.recentPages, can, query]);

  // Open the groups that hold the current page.
  useEffect(() => {
    setExpanded((previous) => {
      const next = new Set(previous);
      const walk = (nodes: NavNode[]) =>
        nodes.forEach((node) => {
          if (node.children && node.id !== FAVORITES_ID && node.id !== RECENT_ID && containsPath(node, currentKey)) {
            next.add(node.id);
            walk(node.children);
          }
        });
      walk(NAV_TREE);
      return next.size === previous.size ? previous : next;
    });
  }, [currentKey]);

  const route = resolveRoute(location.pathname, location.search);
  const currentEntry = entryForRoute(route, location.pathname, location.search);
  const isFavorite = currentEntry ? lists.favorites.some((entry) => entry.to === currentEntry.to) : false;
  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const searching = query.trim() !== '';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {/* A search landmark: content outside landmarks is lost to screen reader navigation. */}
      <Box role="search" sx={{ p: 1.5, pb: 1 }}>
        {/* FormControl + OutlinedInput renders what an outlined TextField does, without TextField's
            Select, NativeSelect and filled/standard inputs in every page's initial JavaScript. */}
        <FormControl fullWidth size="small">
          <InputLabel htmlFor={searchId} id={`${searchId}-label`}>
            Search navigation
          </InputLabel>
          <OutlinedInput
            id={searchId}
            label="Search navigation"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setQuery('');
            }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            }
            endAdornment={
              query ? (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label="Clear search" onClick={() => setQuery('')} edge="end">
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined
            }
          />
        </FormControl>
      </Box>
      <Box component="nav" aria-label="Main navigation" aria-busy={permissionsQuery.isPending} sx={{ overflowY: 'auto', flexGrow: 1, pb: 2 }}>
        {tree.length === 0 && (
          <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 1 }}>
            No matching pages.
          </Typography>
        )}
        {tree.map((group, index) => (
          <Fragment key={group.id}>
            {index > 0 && <Divider sx={{ my: 0.5 }} />}
            <List
              dense
              disablePadding
              aria-labelledby={`nav-heading-${group.id}`}
              subheader={
                <ListSubheader
                  id={`nav-heading-${group.id}`}
                  disableSticky
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    lineHeight: '36px',
                    bgcolor: 'transparent',
                    textTransform: 'uppercase',
                    fontSize: 12,
                    letterSpacing: 0.8,
                    fontWeight: 700,
                  }}
                >
                  {group.name}
                  {group.id === FAVORITES_ID && currentEntry && menu.isSuccess && (
                    <Tooltip title={isFavorite ? 'Remove this page from Favorites' : 'Add this page to Favorites'}>
                      <IconButton
                        size="small"
                        aria-label={isFavorite ? 'Remove this page from Favorites' : 'Add this page to Favorites'}
                        aria-pressed={isFavorite}
                        onClick={() =>
                          void updateMenu((current) => ({
                            ...current,
                            favorites: toggleFavorite(current.favorites, currentEntry),
                          }))
                        }
                      >
                        {isFavorite ? <StarIcon fontSize="small" color="warning" /> : <StarBorderIcon fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                  )}
                </ListSubheader>
              }
            >
              {(group.children ?? []).length === 0 && !searching && (
                <Typography component="li" variant="body2" color="text.secondary" sx={{ px: 2.5, pb: 1 }}>
                  {group.id === FAVORITES_ID ? 'Pin pages with the star.' : 'Pages you visit appear here.'}
                </Typography>
              )}
              {(group.children ?? []).map((child) => (
                <NavBranch
                  key={child.id}
                  node={child}
                  depth={0}
                  currentKey={currentKey}
                  expanded={expanded}
                  forceOpen={searching}
                  onToggle={toggle}
                  onNavigate={onNavigate}
                />
              ))}
            </List>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}

export function SideNav() {
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { navOpen, setNavOpen } = useShell();
  const paper = { width: SIDENAV_WIDTH, boxSizing: 'border-box' as const };

  if (large) {
    return (
      <Drawer
        variant="permanent"
        id="side-navigation"
        sx={{
          width: SIDENAV_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { ...paper, top: HEADER_HEIGHT, height: `calc(100% - ${HEADER_HEIGHT})` },
        }}
      >
        <NavContent onNavigate={() => undefined} />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      id="side-navigation"
      open={navOpen}
      onClose={() => setNavOpen(false)}
      ModalProps={{ keepMounted: false }}
      sx={{ zIndex: (t) => t.zIndex.modal, '& .MuiDrawer-paper': { ...paper, maxWidth: '85vw' } }}
      slotProps={{ paper: { 'aria-label': 'Navigation' } as object }}
    >
      <NavContent onNavigate={() => setNavOpen(false)} />
    </Drawer>
  );
}
