import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import {
  Alert,
  Button,
  Chip,
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
import { ConfirmDeleteDialog } from '../../shared/ui/LazyConfirmDialog';
import { automationKeys, ruleQuery, rulesQuery, runsQuery, type Rule, type Run } from './automations.queries';
import { RuleBuilder } from './RuleBuilder';
import { RunLog, OutcomeChip } from './RunLog';
import { RuleVersions } from './RuleVersions';
import { WebhooksPanel } from './WebhooksPanel';
import { draftOf, emptyDraft, EVENT_LABELS } from './rule-draft';

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
      {tab === 'rules' ? <RuleList /> : <WebhooksPanel />}
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

/** /automations/rules/:id (`new` for a new rule): the builder, the rule's run log and its versions. */
export function AutomationRulePage() {
  const { id = 'new' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const isNew = id === 'new';
  const rule = useQuery({ ...ruleQuery(id), enabled: !isNew });
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'rule';
  const [deleting, setDeleting] = useState(false);

  const saved = (next: Rule) => {
    queryClient.setQueryData(automationKeys.rule(next.id), next);
    void queryClient.invalidateQueries({ queryKey: automationKeys.rules() });
    void queryClient.invalidateQueries({ queryKey: automationKeys.versions(next.id) });
    enqueueSnackbar(isNew ? 'Rule saved' : `Rule saved (version ${next.version})`, { variant: 'success' });
    if (isNew) navigate(`/automations/rules/${next.id}`, { replace: true });
  };

  if (isNew)
    return (
      <PageFrame title="New rule" subtitle={<BackLink />}>
        <RuleBuilder initial={emptyDraft()} onSaved={saved} />
      </PageFrame>
    );
  if (rule.isPending) return <PageLoading />;
  if (rule.isError)
    return (
      <PageFrame title="Rule" subtitle={<BackLink />}>
        <Alert severity="error">{apiErrorMessageOf(rule.error)}</Alert>
      </PageFrame>
    );
  const current = rule.data;
  return (
    <PageFrame
      title={current.name}
      subtitle={
        <>
          <BackLink /> · version {current.version} · <Chip size="small" label={current.active ? 'Active' : 'Off'} color={current.active ? 'success' : 'default'} variant="outlined" />
        </>
      }
      actions={
        can('automationrule', 'delete') && (
          <Button color="error" variant="outlined" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        )
      }
    >
      <Tabs value={tab} onChange={(_, next: string) => setParams(next === 'rule' ? {} : { tab: next }, { replace: true })} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="rule" label="Rule" />
        <Tab value="runs" label="Run log" />
        <Tab value="versions" label="Versions" />
      </Tabs>
      {tab === 'runs' ? (
        <RunLog ruleId={current.id} />
      ) : tab === 'versions' ? (
        <RuleVersions rule={current} />
      ) : (
        // A new key per version: a restore (or a save) starts the builder from the rule as it now is.
        <RuleBuilder key={current.version} initial={draftOf(current)} ruleId={current.id} onSaved={saved} />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          what={current.name}
          onConfirm={() => callEndpoint(ruleEndpoints.remove, { params: { id: current.id } })}
          onDeleted={() => {
            void queryClient.invalidateQueries({ queryKey: automationKeys.rules() });
            enqueueSnackbar('Rule deleted', { variant: 'success' });
            navigate('/automations');
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </PageFrame>
  );
}

function BackLink() {
  return (
    <Link component={RouterLink} to="/automations">
      Automations
    </Link>
  );
}
