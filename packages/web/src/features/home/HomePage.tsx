import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardContent, Chip, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { useCurrentUser, usePermissions } from '../auth/session';
import { useShell } from '../../shell/shell-context';
import { canReadFrom, filterByPermission } from '../../shell/sidenav/nav-filter';
import { NAV_TREE, type NavNode } from '../../shell/sidenav/nav-items';
import { menuLists, useMenuSetting } from '../../shell/sidenav/menu-setting.queries';
import { PageFrame } from '../../shared/ui/PageFrame';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** Each second-level module with the pages the user may open in it; loose pages gather under their group. */
function moduleSections(tree: NavNode[]): { name: string; pages: NavNode[] }[] {
  const leaves = (node: NavNode): NavNode[] => (node.children ? node.children.flatMap(leaves) : [node]);
  return tree
    .filter((group) => group.id === 'modules' || group.id === 'system-administration')
    .flatMap((group) => {
      const sections = (group.children ?? []).filter((child) => child.children).map((section) => ({ name: section.name, pages: leaves(section) }));
      const loose = (group.children ?? []).filter((child) => !child.children);
      return loose.length ? [...sections, { name: group.name, pages: loose }] : sections;
    });
}

export function HomePage() {
  const user = useCurrentUser().data;
  const permissions = usePermissions().data?.permissions;
  const menu = useMenuSetting();
  const { openHelpDrawer, openSettings } = useShell();
  const sections = useMemo(() => moduleSections(filterByPermission(NAV_TREE, canReadFrom(permissions))), [permissions]);
  const { recentPages, favorites } = menuLists(menu.data);
  const name = user?.first_name || user?.full_name || '';

  const shortcutList = (title: string, entries: { name: string; to: string }[], empty: string) => (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
          {title}
        </Typography>
        {entries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        ) : (
          <List dense disablePadding>
            {entries.map((entry) => (
              <li key={entry.to}>
                <ListItemButton component={RouterLink} to={entry.to} sx={{ borderRadius: 1 }}>
                  <ListItemText primary={entry.name} />
                </ListItemButton>
              </li>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );

  return (
    <PageFrame
      title={`${greeting(new Date().getHours())}${name ? `, ${name}` : ''}`}
      subtitle="Your workspace for clients, cost centres, directory and help desk."
      actions={
        <Button variant="contained" startIcon={<AddCircleOutlineIcon />} onClick={openHelpDrawer}>
          Create a Ticket
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 3 }}>
        {shortcutList('Favorites', favorites, 'Pin pages with the star in the navigation to keep them here.')}
        {shortcutList('Recent', recentPages, 'Pages you visit will appear here.')}
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1.5 }}>
              Help and settings
            </Typography>
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Button component={RouterLink} to="/tickets" startIcon={<ConfirmationNumberOutlinedIcon />}>
                View My Tickets
              </Button>
              <Button onClick={openSettings} startIcon={<SettingsOutlinedIcon />}>
                Application Settings
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        Modules
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {sections.map((section) => (
          <Card key={section.name} variant="outlined">
            <CardContent>
              <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1.5 }}>
                {section.name}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {section.pages.map((page) => (
                  <Chip key={page.id} label={page.name} component={RouterLink} to={page.to!} clickable variant="outlined" />
                ))}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
    </PageFrame>
  );
}
