import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { humaniseCode } from '../../shared/humanise';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLoading } from '../../shared/ui/PageLoading';
import { runsQuery } from './automations.queries';
import { OutcomeChip } from './OutcomeChip';
import { ACTION_LABELS, EVENT_LABELS, type ActionType } from './rule-draft';
import { subjectPath } from './RuleBuilder';

const actionLabel = (type: string) => (Object.hasOwn(ACTION_LABELS, type) ? ACTION_LABELS[type as ActionType] : humaniseCode(type));
const eventLabel = (event: string) => (Object.hasOwn(EVENT_LABELS, event) ? EVENT_LABELS[event as keyof typeof EVENT_LABELS] : event);

/** A rule's runs, newest first: the trigger, the subject, the outcome and what each action did. */
export function RunLog({ ruleId }: { ruleId: string }) {
  const runs = useQuery({ ...runsQuery([ruleId]), refetchInterval: 10_000 });
  const formatDateTime = useDateTimeFormatter();
  if (runs.isPending) return <PageLoading />;
  if (runs.isError) return <Alert severity="error">{apiErrorMessageOf(runs.error)}</Alert>;
  if (runs.data.results.length === 0) return <EmptyState title="No runs yet" description="Each time the rule runs, its trigger, subject and each action's result are listed here." />;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Run log" size="small">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Trigger</TableCell>
            <TableCell>Subject</TableCell>
            <TableCell>Outcome</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.data.results.map((run) => {
            const to = subjectPath(run.subject.model, run.subject.id);
            return (
              // Each run is two rows: what happened, then what each action did (full width, so a phone needs no sideways scroll).
              <Fragment key={run.id}>
                <TableRow sx={{ verticalAlign: 'top', '& > td': { borderBottom: 0, pb: 0 } }}>
                  <TableCell>
                    {formatDateTime(run.at)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      version {run.rule.version}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{eventLabel(run.event)}</TableCell>
                  <TableCell>
                    {to ? (
                      <Link component={RouterLink} to={to}>
                        {humaniseCode(run.subject.model)}
                      </Link>
                    ) : (
                      humaniseCode(run.subject.model)
                    )}
                  </TableCell>
                  <TableCell>
                    <OutcomeChip outcome={run.outcome} />
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={4} sx={{ pt: 0.5 }}>
                    {run.actions.length === 0 ? (
                      <Typography variant="body2" color="text.secondary">
                        No actions ran.
                      </Typography>
                    ) : (
                      <Box component="ul" aria-label="Actions" sx={{ m: 0, pl: 2.5 }}>
                        {run.actions.map((action, index) => (
                          <li key={index}>
                            <b>{actionLabel(action.type)}</b> ({humaniseCode(action.outcome).toLowerCase()}){action.detail ? `: ${action.detail}` : ''}
                          </li>
                        ))}
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
