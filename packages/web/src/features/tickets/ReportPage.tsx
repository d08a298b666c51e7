import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { reportQrEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';
import { useShell } from '../../shell/shell-context';
import { setReportSite, useReportSite } from '../../shell/help-drawer/report-site';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a site's QR code leads (`/report?cost_centre=<id>`, after sign-in if needed): the help
 * drawer opens with that site set, so the ticket raised from the phone names the site. The site's
 * name comes from the report-site answer, which anyone signed in may read (most requesters cannot
 * read cost centres).
 */
export function ReportPage() {
  const [params] = useSearchParams();
  const raw = params.get('cost_centre') ?? '';
  const id = UUID.test(raw) ? raw : null;
  const { openHelpDrawer } = useShell();
  const site = useReportSite();
  const scanned = useQuery({
    queryKey: ['report-site', id],
    queryFn: ({ signal }) => callEndpoint(reportQrEndpoints.reportSite, { params: { id: id! }, signal }),
    enabled: id !== null,
    retry: false,
  });
  const name = scanned.data?.name;

  useEffect(() => {
    if (!id || !name) return;
    setReportSite({ id, name });
    openHelpDrawer();
    // Open once per site; reopening is the button's job.
  }, [id, name]);

  return (
    <Stack sx={{ maxWidth: 560, mx: 'auto', p: { xs: 1, sm: 2 } }} spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' } }}>
            Report a problem
          </Typography>
          {!id && (
            <Alert severity="warning">
              This link does not name a site. Open the help desk and describe where the problem is.
            </Alert>
          )}
          {scanned.isError && (
            <Alert severity="warning">This site could not be found. You can still report the problem.</Alert>
          )}
          {name && (
            <Typography>
              Site: <strong>{name}</strong>
            </Typography>
          )}
          <Button
            variant="contained"
            size="large"
            startIcon={<ReportProblemOutlinedIcon />}
            onClick={() => {
              if (id && name && site?.id !== id) setReportSite({ id, name });
              openHelpDrawer();
            }}
          >
            Report a problem
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
