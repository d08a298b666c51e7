import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatTicketNumber } from '@ops/contract/helpdesk/helpdesk.values';
import { Alert, Box, Button, Drawer, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RoomServiceOutlinedIcon from '@mui/icons-material/RoomServiceOutlined';
import BugReportOutlinedIcon from '@mui/icons-material/BugReportOutlined';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import { useShell } from '../shell-context';
import { TicketForm, type SubmittedTicket } from './TicketForm';
import { useReportSite } from './report-site';
import { DRAWER_MENU_TITLE, MENU_ORDER, TICKET_FORMS, type DrawerView } from './ticket-forms';

const ICONS = {
  SERVICE_REQUEST: <RoomServiceOutlinedIcon />,
  ISSUE_REPORT: <BugReportOutlinedIcon />,
  FEEDBACK: <FeedbackOutlinedIcon />,
} as const;

const TITLE_ID = 'help-drawer-title';

/** The help drawer: 500px wide, 600px from 1920px (spec web-shell §9). */
export function HelpDrawer() {
  const { helpDrawerOpen, closeHelpDrawer } = useShell();
  const [view, setView] = useState<DrawerView>('MAIN_MENU');
  // The ticket just submitted: confirmed inside the drawer, where the person is looking (the
  // toast behind the open drawer is hidden from screen readers while the drawer is modal).
  const [submitted, setSubmitted] = useState<SubmittedTicket | null>(null);
  const form = view === 'MAIN_MENU' ? null : TICKET_FORMS[view];
  // Opened from a site's QR code (/report?cost_centre=): the new ticket names that site.
  const site = useReportSite();

  return (
    <Drawer
      anchor="right"
      open={helpDrawerOpen}
      onClose={closeHelpDrawer}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': TITLE_ID,
          sx: { width: '500px', maxWidth: '100vw', '@media (min-width: 1920px)': { width: '600px' } },
        } as object,
        transition: {
          onExited: () => {
            setView('MAIN_MENU');
            setSubmitted(null);
          },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        {form && (
          <Button onClick={() => setView('MAIN_MENU')} startIcon={<ArrowBackIcon />} size="small">
            Back
          </Button>
        )}
        <Typography id={TITLE_ID} variant="h2" sx={{ fontSize: '1.125rem', flexGrow: 1 }}>
          {form ? form.title : DRAWER_MENU_TITLE}
        </Typography>
        <Tooltip title="Close">
          <IconButton aria-label="Close" onClick={closeHelpDrawer}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ p: 2.5, overflowY: 'auto' }}>
        {form ? (
          <TicketForm
            key={form.view}
            config={form}
            onSubmitted={(ticket) => {
              setSubmitted(ticket);
              setView('MAIN_MENU');
            }}
          />
        ) : (
          <>
            {submitted && (
              <Alert severity="success" role="status" sx={{ mb: 2, alignItems: 'center' }}>
                {submitted.message}{' '}
                <Button
                  component={RouterLink}
                  to={`/tickets/${submitted.id}`}
                  onClick={closeHelpDrawer}
                  size="small"
                  color="inherit"
                  sx={{ fontWeight: 700, textDecoration: 'underline', minWidth: 0, py: 0 }}
                  aria-label={`View ticket ${formatTicketNumber(submitted)}`}
                >
                  {formatTicketNumber(submitted)}
                </Button>
              </Alert>
            )}
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              How can we help?
            </Typography>
            {site && (
              <Typography sx={{ mb: 2 }} aria-label={`Site: ${site.name}`}>
                Site: <strong>{site.name}</strong>
              </Typography>
            )}
            <List disablePadding sx={{ display: 'grid', gap: 1 }}>
              {MENU_ORDER.map((choice) => (
                // Each button in a list item: a list holds only items.
                <ListItem key={choice} disablePadding>
                  <ListItemButton onClick={() => {
                      setSubmitted(null);
                      setView(choice);
                    }} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 1.5 }}>
                    <ListItemIcon sx={{ color: 'primary.main' }}>{ICONS[choice]}</ListItemIcon>
                    <ListItemText primary={TICKET_FORMS[choice].menuLabel} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                    <ChevronRightIcon color="action" />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
}
