import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { isNotFound } from '../../../api/http-client';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PageFrame } from '../../../shared/ui/PageFrame';
import { PageLoading } from '../../../shared/ui/PageLoading';

export interface DetailTab {
  id: string;
  label: string;
  content: ReactNode;
}

export interface RecordDetailFrameProps {
  /** The query state of the record. */
  status: { isPending: boolean; error: unknown; refetch: () => unknown };
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  listPath: string;
  listTitle: string;
  tabs: DetailTab[];
}

const TAB_PARAM = 'tab';

/** A record page: title, actions and related records in tabs; 404 and load errors have their own states. */
export function RecordDetailFrame({ status, title, subtitle, actions, listPath, listTitle, tabs }: RecordDetailFrameProps) {
  // The open tab is in the address (`?tab=contacts`), so a reload or a shared link keeps it; the first tab has none.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get(TAB_PARAM) ?? tabs[0]?.id ?? '';
  const setTab = (next: string) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === tabs[0]?.id) params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );
  if (status.isPending) return <PageLoading />;
  if (status.error) {
    return (
      <PageFrame title={isNotFound(status.error) ? 'Record not found' : 'Details'}>
        {isNotFound(status.error) ? (
          <EmptyState
            icon={<SearchOffIcon />}
            title="This record does not exist or you cannot see it"
            description="It may have been deleted, or it is outside your allocation."
            action={
              <Button component={RouterLink} to={listPath} startIcon={<ArrowBackIcon />}>
                Back to {listTitle}
              </Button>
            }
          />
        ) : (
          <Alert severity="error" action={<Button onClick={() => void status.refetch()}>Retry</Button>}>
            The record could not be loaded.
          </Alert>
        )}
      </PageFrame>
    );
  }
  const current = tabs.find((t) => t.id === tab) ?? tabs[0];
  return (
    <PageFrame title={title} subtitle={subtitle} actions={actions}>
      <Paper variant="outlined">
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs value={current?.id ?? false} onChange={(_, next: string) => setTab(next)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={`${title} sections`}>
            {tabs.map((t) => (
              <Tab key={t.id} value={t.id} label={t.label} id={`tab-${t.id}`} aria-controls={`panel-${t.id}`} />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={`panel-${current?.id}`} aria-labelledby={`tab-${current?.id}`} sx={{ p: { xs: 2, md: 3 } }}>
          {current?.content}
        </Box>
      </Paper>
    </PageFrame>
  );
}

export interface FieldListItem {
  label: string;
  value: ReactNode;
  full?: boolean;
}

/** Label and value pairs of a record, two columns wide on larger screens. */
export function FieldList({ items }: { items: FieldListItem[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 4, rowGap: 2, m: 0 }}>
      {items.map((item) => (
        <Box key={item.label} sx={{ gridColumn: item.full ? { md: '1 / -1' } : undefined, minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value === '' || item.value === null || item.value === undefined ? '—' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function SectionHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
        {title}
      </Typography>
      {action}
    </Stack>
  );
}
