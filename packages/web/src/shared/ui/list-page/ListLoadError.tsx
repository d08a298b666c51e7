import { Alert, Box, Button } from '@mui/material';
import { ApiError } from '../../../api/http-client';

export interface ListLoadErrorProps {
  error: unknown;
  /** A view the API refuses (400) is reset, any other failure retried. */
  onReset: () => void;
  onRetry: () => void;
}

/** What a list shows in place of its rows when they could not be loaded. */
export function ListLoadError({ error, onReset, onRetry }: ListLoadErrorProps) {
  const badRequest = error instanceof ApiError && error.status === 400;
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        action={
          badRequest ? (
            <Button color="inherit" size="small" onClick={onReset}>
              Reset view
            </Button>
          ) : (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          )
        }
      >
        {badRequest ? `This view cannot be shown: ${error.message}` : 'The list could not be loaded.'}
      </Alert>
    </Box>
  );
}
