import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { AUDIT_ACTIONS, AUDIT_RETENTION_MAX_DAYS, auditRetentionSchema, type AuditRetention } from '@ops/contract/audit/audit.schemas';
import { auditEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { flattenApiErrors } from '../../shared/api-errors';
import { humaniseCode } from '../../shared/humanise';
import { PageLoading } from '../../shared/ui/PageLoading';

const retentionKey = ['audit', 'retention'] as const;
type Draft = Record<string, string>;

/** The form's text per action: empty keeps entries forever. */
export function draftOf(retention: AuditRetention): Draft {
  return Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, retention[action] === null ? '' : String(retention[action])]));
}

/** The draft as the API takes it, or the contract schema's message per action. */
export function parseDraft(draft: Draft): { value: AuditRetention } | { errors: Record<string, string> } {
  const candidate = Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, draft[action]?.trim() ? Number(draft[action]) : null]));
  const parsed = auditRetentionSchema.safeParse(candidate);
  if (parsed.success) return { value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??=
      issue.code === 'too_small'
        ? 'At least 1 day.'
        : issue.code === 'too_big'
          ? `At most ${AUDIT_RETENTION_MAX_DAYS} days.`
          : 'Enter a whole number of days, or leave empty to keep forever.';
  }
  return { errors };
}

/** How long each kind of audit entry is kept (`audit/retention/`); a nightly job removes older ones. */
export function RetentionForm() {
  const queryClient = useQueryClient();
  const retention = useQuery({ queryKey: retentionKey, queryFn: ({ signal }) => callEndpoint(auditEndpoints.getRetention, { signal }) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (retention.data && !draft) setDraft(draftOf(retention.data as AuditRetention));
  }, [retention.data, draft]);
  const save = useMutation({
    mutationFn: (value: AuditRetention) => callEndpoint(auditEndpoints.putRetention, { body: value }),
    onSuccess: (saved) => {
      queryClient.setQueryData(retentionKey, saved);
      setDraft(draftOf(saved as AuditRetention));
    },
    onError: (error) => {
      // The server names the field it refused: show it there.
      const body = (error as { body?: unknown }).body;
      setErrors(Object.fromEntries(flattenApiErrors(body)));
    },
  });
  if (retention.isError) return <Alert severity="error">{apiErrorMessageOf(retention.error)}</Alert>;
  if (!draft) return <PageLoading />;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = parseDraft(draft);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    save.mutate(result.value);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 640 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Days each kind of entry is kept; a nightly job removes older ones. Leave a kind empty to keep its entries forever.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {AUDIT_ACTIONS.map((action) => (
          <TextField
            key={action}
            label={humaniseCode(action)}
            name={action}
            size="small"
            inputMode="numeric"
            value={draft[action] ?? ''}
            placeholder="Forever"
            onChange={(event) => setDraft({ ...draft, [action]: event.target.value })}
            error={Boolean(errors[action])}
            helperText={errors[action] ?? 'days'}
          />
        ))}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save retention
        </Button>
        {save.isSuccess && <Typography color="success.main">Saved.</Typography>}
        {save.isError && !Object.keys(errors).length && <Alert severity="error">{apiErrorMessageOf(save.error)}</Alert>}
      </Stack>
    </Box>
  );
}
