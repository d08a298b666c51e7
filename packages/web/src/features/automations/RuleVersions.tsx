import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import { Alert, Box, Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ruleEndpoints } from '../../api/endpoint-routes';
import { ApiError, callEndpoint } from '../../api/http-client';
import { tagOf } from '../../api/entity-tags';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { ConfirmDialog } from '../../shared/ui/LazyConfirmDialog';
import { PageLoading } from '../../shared/ui/PageLoading';
// The knowledge base's version diff (the `diff` package and its accessible view), reused for rules.
import { diffTexts } from '../knowledge/document-diff';
import { DiffView, VersionSelect } from '../knowledge/ArticleVersions';
import { VISUALLY_HIDDEN } from './OutcomeChip';
import { automationKeys, versionsQuery, type Rule, type RuleVersion } from './automations.queries';
import { ruleText } from './rule-draft';

/** A rule's versions: who saved each and when, a diff between any two (line by line), and restoring one. */
export function RuleVersions({ rule }: { rule: Rule }) {
  const versions = useQuery(versionsQuery(rule.id));
  const formatDateTime = useDateTimeFormatter();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [restoring, setRestoring] = useState<RuleVersion | null>(null);
  // A restore refused because the rule moved on since it was shown (412): which version was asked for.
  const [refused, setRefused] = useState<{ asked: number; now: number } | null>(null);
  const [picked, setPicked] = useState<{ older?: number; newer?: number }>({});
  const list = versions.data ?? [];
  const newer = picked.newer ?? list[0]?.version;
  const older = picked.older ?? list[1]?.version ?? newer;
  const diff = useMemo(() => {
    const a = list.find((version) => version.version === older);
    const b = list.find((version) => version.version === newer);
    return a && b ? diffTexts(ruleText(a.rule), ruleText(b.rule), 'lines') : null;
  }, [list, older, newer]);

  if (versions.isPending) return <PageLoading />;
  if (versions.isError) return <Alert severity="error">{apiErrorMessageOf(versions.error)}</Alert>;

  return (
    <Stack spacing={3}>
      {refused && (
        <Alert severity="warning" onClose={() => setRefused(null)}>
          Someone else saved this rule (now version {refused.now}) after you opened it, so version {refused.asked} was not restored. The
          list shows their version now; restore again if you still want version {refused.asked}.
        </Alert>
      )}
      <Paper variant="outlined" component="section" aria-labelledby="rule-versions-heading">
        <Typography id="rule-versions-heading" variant="h2" sx={{ fontSize: '1rem', p: 2, pb: 1 }}>
          Versions
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="rule-versions-heading">
            <TableHead>
              <TableRow>
                <TableCell>Version</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Saved by</TableCell>
                <TableCell>When</TableCell>
                {/* Positioned, so the hidden name is placed (and clipped) inside its cell, not beside the page. */}
                <TableCell sx={{ position: 'relative' }}>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((version) => (
                <TableRow key={version.version}>
                  <TableCell>
                    {version.version}
                    {version.version === rule.version ? ' (current)' : ''}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{version.edited_by?.full_name ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(version.at)}</TableCell>
                  <TableCell align="right">
                    {version.version !== rule.version && (
                      <Button size="small" onClick={() => setRestoring(version)} aria-label={`Restore version ${version.version}`}>
                        Restore
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="rule-diff-heading" sx={{ p: 2 }}>
        <Typography id="rule-diff-heading" variant="h2" sx={{ fontSize: '1rem', mb: 2 }}>
          Compare versions
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <VersionSelect label="From" value={older} versions={list} current={rule.version} onChange={(value) => setPicked({ older: value, newer })} />
          <VersionSelect label="To" value={newer} versions={list} current={rule.version} onChange={(value) => setPicked({ older, newer: value })} />
        </Stack>
        {diff && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {older === newer ? 'The same version on both sides.' : 'Added lines are underlined and marked [+ … +]; removed lines are struck through and marked [− … −].'}
            </Typography>
            <DiffView parts={diff} label={`Changes from version ${older} to version ${newer}`} />
          </>
        )}
      </Paper>
      {restoring && (
        <ConfirmDialog
          title={`Restore version ${restoring.version}?`}
          message={`The rule as it was in version ${restoring.version} becomes a new version (version ${rule.version + 1}). The current version stays in the list.`}
          confirmLabel="Restore"
          busyLabel="Restoring…"
          onCancel={() => setRestoring(null)}
          onConfirm={async () => {
            // Against the rule as shown (If-Match): restoring over a change made since is refused, not done.
            let restored: Rule;
            try {
              restored = await callEndpoint(ruleEndpoints.restore, { params: { id: rule.id, version: String(restoring.version) }, ifMatch: tagOf(rule) });
            } catch (failure) {
              const current = failure instanceof ApiError && failure.status === 412 ? (failure.body as { current?: Rule } | null)?.current : undefined;
              if (!current) throw failure;
              queryClient.setQueryData(automationKeys.rule(rule.id), current);
              void queryClient.invalidateQueries({ queryKey: automationKeys.versions(rule.id) });
              setRefused({ asked: restoring.version, now: current.version });
              setRestoring(null);
              return;
            }
            setRefused(null);
            queryClient.setQueryData(automationKeys.rule(rule.id), restored);
            await queryClient.invalidateQueries({ queryKey: automationKeys.versions(rule.id) });
            void queryClient.invalidateQueries({ queryKey: automationKeys.rules() });
            setRestoring(null);
            setPicked({});
            enqueueSnackbar(`Version ${restoring.version} restored as version ${restored.version}`, { variant: 'success' });
          }}
        />
      )}
    </Stack>
  );
}
