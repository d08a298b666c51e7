import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { SignInSession } from '@ops/contract/identity/mfa.schemas';
import { mfaEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { describeUserAgent, securityKeys, sessionsQuery } from './account-security';

/** Where the user is signed in (spec platform §14.5): this device first, end one, or all others. */
export function SessionsSection() {
  const sessions = useQuery(sessionsQuery);
  const queryClient = useQueryClient();
  const formatDate = useDateTimeFormatter();
  const [ending, setEnding] = useState<SignInSession | 'others' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions });

  if (sessions.isPending) return <Typography color="text.secondary">Loading…</Typography>;
  if (sessions.isError) return <Alert severity="error">Your sessions could not be loaded.</Alert>;
  // This device first, then by last use (the server's order).
  const rows = [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));
  const others = rows.filter((row) => !row.current).length;

  return (
    <Stack spacing={2}>
      {done && (
        <Alert severity="success" onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      <List disablePadding aria-label="Sessions" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {rows.map((row, index) => {
          const what = describeUserAgent(row.user_agent) ?? (row.kind === 'token' ? 'API token' : 'Browser session');
          return (
            <ListItem
              key={row.id}
              divider={index < rows.length - 1}
              secondaryAction={
                row.current ? undefined : (
                  <Button size="small" color="error" onClick={() => setEnding(row)} aria-label={`End ${what} session from ${row.ip ?? 'unknown address'}`}>
                    End
                  </Button>
                )
              }
              sx={{ pr: row.current ? 2 : 10 }}
            >
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    {what}
                    {row.current && <Chip size="small" color="primary" label="This device" />}
                  </Box>
                }
                secondary={[
                  row.ip ? `From ${row.ip}` : null,
                  `signed in ${formatDate(row.created_at)}`,
                  row.last_seen_at ? `last active ${formatDate(row.last_seen_at)}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
      <Box>
        <Button variant="outlined" color="error" disabled={others === 0} onClick={() => setEnding('others')}>
          Sign out all other sessions
        </Button>
      </Box>
      {ending && (
        <ConfirmDialog
          title={ending === 'others' ? 'Sign out all other sessions?' : 'End this session?'}
          message={
            ending === 'others'
              ? `Every other browser, phone and API token signed in to your account (${others}) is signed out at once. This device stays signed in.`
              : 'That browser or app is signed out at once.'
          }
          confirmLabel={ending === 'others' ? 'Sign out others' : 'End session'}
          busyLabel="Ending…"
          onCancel={() => setEnding(null)}
          onConfirm={async () => {
            if (ending === 'others') {
              const answer = await callEndpoint(mfaEndpoints.deleteOtherSessions);
              setDone(answer.ended === 1 ? '1 other session was signed out.' : `${answer.ended} other sessions were signed out.`);
            } else {
              await callEndpoint(mfaEndpoints.deleteSession, { params: { id: ending.id } });
              setDone('The session was ended.');
            }
            setEnding(null);
            await refresh();
          }}
        />
      )}
    </Stack>
  );
}
