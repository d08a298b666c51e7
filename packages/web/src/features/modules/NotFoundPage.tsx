import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageFrame } from '../../shared/ui/PageFrame';

export function NotFoundPage() {
  return (
    <PageFrame title="Page not found">
      <EmptyState
        icon={<SearchOffIcon />}
        title="There is no page at this address"
        description="Check the address, or pick a page from the navigation."
        action={
          <Button component={RouterLink} to="/" variant="contained">
            Go to Home
          </Button>
        }
      />
    </PageFrame>
  );
}
