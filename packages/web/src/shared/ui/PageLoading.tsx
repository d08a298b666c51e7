import { Box, CircularProgress } from '@mui/material';

export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : 240 }} role="status" aria-label="Loading">
      <CircularProgress size={32} />
    </Box>
  );
}
