import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import {
  Alert,
  Button,
  Link,
  Paper,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import { ruleEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { useCan } from '../../shared/session/session';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import { automationKeys, rulesQuery, runsQuery, type Rule, type Run } from './automations.queries';
import { OutcomeChip } from './OutcomeChip';
import { EVENT_LABELS } from './rule-draft';

// The webhooks tab (its dialog, the deliveries) loads when it is opened: most visits are for the rules.
const WebhooksPanel = lazy(async () => ({ default: (await import('./WebhooksPanel')).WebhooksPanel }));

/** System Administration → Automations (spec platform §14.3): rules and webhooks, each a tab. */
export function AutomationsPage() {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'webhooks' ? 'webhooks' : 'rules';
  return (
    <PageFrame
      title="Automations"
      subtitle="System Administration"
      actions={
        tab === 'rules' &&
        can('automationrule', 'add') && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/automations/rules/new">
            New rule
          </Button>
        )
      }
    >
      <Tabs value={tab} onChange={(_, next: string) => setParams(next === 'rules' ? {} : { tab: next }, { replace: true })} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="rules" label="Rules" />
        {can('webhook') && <Tab value="webhooks" label="Webhooks" />}
      </Tabs>
      {tab === 'rules' ? (
        <RuleList />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <WebhooksPanel />
        </Suspense>
      )}
    </PageFrame>
  );
}

function RuleList() {
  const can = useCan();
  const rules = useQuery(rulesQuery());
  const ids = useMemo(() => (rules.data?.results ?? []).map((rule) => rule.id), [rules.data]);
  const runs = useQuery(runsQuery(ids, 500));
  const formatDateTime = useDateTimeFormatter();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const toggle = useMutation({
    mutationFn: (rule: Rule) => callEndpoint(ruleEndpoints.patch, { params: { id: rule.id }, body: { active: !rule.active } }),
    onSuccess: (rule) => {
      void queryClient.invalidateQueries({ queryKey: automationKeys.rules() });
      enqueueSnackbar(`${rule.name} ${rule.active ? 'switched on' : 'switched off'}`, { variant: 'success' });
    },
    onError: (error) => enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' }),
  });
  // The newest run of each rule: the runs arrive newest first.
  const lastRun = useMemo(() => {
    const last = new Map<string, Run>();
    for (const run of runs.data?.results ?? []) if (!last.has(run.rule.id)) last.set(run.rule.id, run);
    return last;
  }, [runs.data]);

  if (rules.isPending) return <PageLoading />;
  if (rules.isError) return <Alert severity="error">{apiErrorMessageOf(rules.error)}</Alert>;
  if (rules.data.results.length === 0)
    return (
      <EmptyState
        icon={<BoltIcon />}
        title="No rules yet"
        description="A rule acts when something happens (a ticket is created, an SLA is at risk) or on a schedule: it sets fields, assigns, notifies, e-mails, raises a ticket or calls a webhook."
      />
    );
  const mayChange = can('automationrule', 'change');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Rules" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>When</TableCell>
            <TableCell>Active</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Last run</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rules.data.results.map((rule) => {
            const last = lastRun.get(rule.id);
            return (
              <TableRow key={rule.id}>
                <TableCell>
                  <Link component={RouterLink} to={`/automations/rules/${rule.id}`} sx={{ fontWeight: 500 }}>
                    {rule.name}
                  </Link>
                </TableCell>
                <TableCell>
                  {EVENT_LABELS[rule.trigger.event]}
                  {rule.trigger.cron ? ` (${rule.trigger.cron}, ${rule.trigger.timezone ?? ''})` : ''}
                </TableCell>
                <TableCell>
                  <Switch
                    size="small"
                    checked={rule.active}
                    disabled={!mayChange || toggle.isPending}
                    onChange={() => toggle.mutate(rule)}
                    slotProps={{ input: { 'aria-label': `${rule.name} active` } }}
                  />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {last ? (
                    <>
                      <OutcomeChip outcome={last.outcome} /> {formatDateTime(last.at)}
                    </>
                  ) : (
                    <Typography variant="body2" color="text.secondary" component="span">
                      Never
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
