import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import { Alert, Button, Chip, Link, Tab, Tabs } from '@mui/material';
import { ruleEndpoints } from '../../api/endpoint-routes';
import { ApiError, callEndpoint } from '../../api/http-client';
import { tagOf } from '../../api/entity-tags';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { useCan } from '../../shared/session/session';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ConfirmDeleteDialog } from '../../shared/ui/LazyConfirmDialog';
import { automationKeys, ruleQuery, type Rule } from './automations.queries';
import { RuleBuilder } from './RuleBuilder';
import { draftOf, emptyDraft } from './rule-draft';

// The run log and the versions (with the knowledge base's diff) load when their tab is opened.
const RunLog = lazy(async () => ({ default: (await import('./RunLog')).RunLog }));
const RuleVersions = lazy(async () => ({ default: (await import('./RuleVersions')).RuleVersions }));

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
          <BackLink /> · version {current.version} ·{' '}
          <Chip
            size="small"
            label={current.active ? 'Active' : 'Off'}
            color={current.active ? 'success' : 'default'}
            variant="outlined"
          />
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
      <Tabs
        value={tab}
        onChange={(_, next: string) => setParams(next === 'rule' ? {} : { tab: next }, { replace: true })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="rule" label="Rule" />
        <Tab value="runs" label="Run log" />
        <Tab value="versions" label="Versions" />
      </Tabs>
      {tab === 'runs' ? (
        <Suspense fallback={<PageLoading />}>
          <RunLog ruleId={current.id} />
        </Suspense>
      ) : tab === 'versions' ? (
        <Suspense fallback={<PageLoading />}>
          <RuleVersions rule={current} />
        </Suspense>
      ) : (
        // A new key per version: a restore (or a save) starts the builder from the rule as it now is.
        <RuleBuilder
          key={current.version}
          initial={draftOf(current)}
          ruleId={current.id}
          ruleTag={tagOf(current)}
          onSaved={saved}
          onTakeTheirs={(theirs) => queryClient.setQueryData(automationKeys.rule(theirs.id), theirs)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          what={current.name}
          onConfirm={async () => {
            // Against the rule as shown (If-Match): a rule changed since is not deleted; the page shows it as it now is.
            try {
              await callEndpoint(ruleEndpoints.remove, { params: { id: current.id }, ifMatch: tagOf(current) });
            } catch (failure) {
              const now =
                failure instanceof ApiError && failure.status === 412
                  ? (failure.body as { current?: Rule } | null)?.current
                  : undefined;
              if (now) queryClient.setQueryData(automationKeys.rule(now.id), now);
              throw failure;
            }
          }}
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
