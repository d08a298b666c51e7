import { lazy, Suspense, useState } from 'react';
import { Box, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import type { AuditEntry } from '@ops/contract/audit/audit.schemas';
import { auditEndpoints } from '../../api/endpoint-routes';
import { auditEntryListFields } from '../../api/list-fields';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import type { ListSource } from '../../shared/ui/list-page/list-source';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';
import { humaniseCode } from '../../shared/humanise';
import { diffLines, diffSummary } from './audit-diff';

// Retention and a person's data are admin chores opened now and then: their code loads when shown.
const RetentionForm = lazy(async () => ({ default: (await import('./RetentionForm')).RetentionForm }));
const PersonDataPanel = lazy(async () => ({ default: (await import('./PersonDataPanel')).PersonDataPanel }));

export const auditKeys = { all: ['audit'] as const, retention: ['audit', 'retention'] as const };
const auditSource: ListSource = { key: [...auditKeys.all, 'entries'], endpoint: auditEndpoints.list };

/** The field diff of one entry, one `field: before → after` line each. */
export function AuditDiff({ changes }: { changes: AuditEntry['changes'] }) {
  const lines = diffLines(changes);
  if (lines.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {lines.map((line) => (
        <li key={line.field}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
            {line.field}
          </Typography>
          <Typography component="span" variant="body2">
            {': '}
            {line.before !== undefined && (
              <>
                <Box component="del" sx={{ color: 'error.light' }}>{line.before}</Box>
                {' → '}
              </>
            )}
            <Box component="ins" sx={{ color: 'success.light', textDecoration: 'none' }}>{line.after}</Box>
          </Typography>
        </li>
      ))}
    </Box>
  );
}

// The moment to the second, in the reader's time zone: an audit is read for the order of events.
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const columns = defineColumns<AuditEntry>(auditEntryListFields, [
  { field: 'at', headerName: 'When', kind: 'date', sortable: true, width: 180, link: false, value: (row) => WHEN.format(new Date(row.at)) },
  { field: 'user', headerName: 'Who', width: 200 },
  { field: 'action', headerName: 'Action', sortable: true, width: 150, value: (row) => humaniseCode(row.action) },
  {
    field: 'changes',
    headerName: 'Changes',
    width: 420,
    value: (row) => diffSummary(row.changes),
    // The whole diff in the tooltip: a wide update does not fit a row.
    render: (row) => (
      <Tooltip title={<AuditDiff changes={row.changes} />} placement="bottom-start">
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}>
          {diffSummary(row.changes)}
        </Box>
      </Tooltip>
    ),
  },
  { field: 'model', headerName: 'Model', sortable: true, width: 150 },
  { field: 'record_id', headerName: 'Record', sortable: true, width: 290 },
  { field: 'ip', headerName: 'From', sortable: false, width: 140 },
]);

type View = 'entries' | 'retention' | 'person';

/** System Administration → Audit trail (docs/spec platform 14.6): the entries, their retention, and a person's data. */
export function AuditTrailPage() {
  const [tab, setTab] = useState<View>('entries');
  // Buttons rather than tabs: the list page's header has no place for a tab bar (its subtitle is text).
  const views = (
    <ToggleButtonGroup size="small" exclusive value={tab} onChange={(_, next: View | null) => next && setTab(next)} aria-label="Audit trail view">
      <ToggleButton value="entries">Entries</ToggleButton>
      <ToggleButton value="retention">Retention</ToggleButton>
      <ToggleButton value="person">A person&apos;s data</ToggleButton>
    </ToggleButtonGroup>
  );
  if (tab === 'entries') {
    return (
      <ListPage<AuditEntry>
        pageKey={LIST_PAGE_KEYS['/audit-trail']}
        title="Audit trail"
        subtitle="System Administration"
        source={auditSource}
        columns={columns}
        exportName="audit-trail"
        empty={{ title: 'No entries', description: 'Every change, sign-in and export is written here.' }}
        actions={views}
      />
    );
  }
  return (
    <PageFrame title="Audit trail" subtitle="System Administration" actions={views}>
      <Suspense fallback={<PageLoading />}>{tab === 'retention' ? <RetentionForm /> : <PersonDataPanel />}</Suspense>
    </PageFrame>
  );
}
