import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { reportQrEndpoints } from '../../api/endpoint-routes';
import { apiBlobUrl } from '../../api/http-client';

/** The escaped text of a value for a printed page. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Scan-to-report: the cost centre's QR code (drawn by the server's chart renderer). Printed on a
 * label at the site, it opens the help drawer with this site set on the phone that scans it.
 */
export function ReportQrCode({ id, name, code }: { id: string; name: string; code: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    apiBlobUrl(reportQrEndpoints.costCentreQr.path.replace('{id}', encodeURIComponent(id)), controller.signal).then(
      (blob) => {
        made = blob;
        setUrl(blob);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);

  const print = () => {
    if (!url) return;
    const sheet = window.open('', '_blank', 'width=600,height=800');
    if (!sheet) return;
    sheet.document.write(
      `<!doctype html><title>Report a problem: ${escapeHtml(name)}</title>
       <body style="font-family:sans-serif;text-align:center;margin:24px">
       <h1 style="font-size:28px;margin:0 0 8px">Something not right?</h1>
       <p style="font-size:18px;margin:0 0 16px">Scan to report a problem at <strong>${escapeHtml(name)}</strong> (${escapeHtml(code)})</p>
       <img src="${url}" alt="QR code" style="width:360px;height:360px" onload="window.print()"/>
       </body>`,
    );
    sheet.document.close();
  };

  if (failed) return <Alert severity="error">The QR code could not be loaded.</Alert>;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">
        Print this code and put it up at the site: scanning it opens the help desk with this cost centre already chosen.
      </Typography>
      <Box
        sx={{
          width: 240,
          height: 240,
          display: 'grid',
          placeItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
        }}
      >
        {url ? (
          <img src={url} alt={`QR code to report a problem at ${name}`} width={232} height={232} />
        ) : (
          <CircularProgress size={24} />
        )}
      </Box>
      <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={print} disabled={!url}>
        Print QR code
      </Button>
    </Stack>
  );
}
