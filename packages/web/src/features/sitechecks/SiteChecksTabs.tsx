import { Link as RouterLink, useLocation } from 'react-router';
import { Tab, Tabs } from '@mui/material';
import { useCan } from '../../shared/session/session';

const SECTIONS = [
  { to: '/sitechecks', label: 'Today', model: 'sitecheckrun' },
  { to: '/sitechecks/templates', label: 'Templates', model: 'sitechecktemplate' },
  { to: '/sitechecks/schedules', label: 'Schedules', model: 'sitecheckschedule' },
  { to: '/sitechecks/compliance', label: 'Compliance', model: 'sitecheckrun' },
] as const;

/** The module's sections the user may read; shown when there is more than one. */
export function SiteChecksTabs() {
  const can = useCan();
  const { pathname } = useLocation();
  const sections = SECTIONS.filter((section) => can(section.model));
  if (sections.length < 2) return null;
  const current = [...sections].reverse().find((section) => pathname === section.to || pathname.startsWith(`${section.to}/`));
  return (
    <Tabs
      value={current?.to ?? false}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      aria-label="Site checks sections"
    >
      {sections.map((section) => (
        <Tab key={section.to} value={section.to} label={section.label} component={RouterLink} to={section.to} />
      ))}
    </Tabs>
  );
}
