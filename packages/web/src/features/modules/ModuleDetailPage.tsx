import { Link as RouterLink, useLocation } from 'react-router';
import { Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { resolveRoute } from '../../shared/route-meta';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageFrame } from '../../shared/ui/PageFrame';

/** The frame of a record's detail page. */
export function ModuleDetailPage() {
  const location = useLocation();
  const route = resolveRoute(location.pathname, location.search);
  const listPath = route?.meta.listPath ?? '/';
  const listTitle = route?.meta.title.replace(/ Details$/, '') ?? 'list';
  return (
    <PageFrame title="Details">
      <EmptyState
        icon={<DescriptionOutlinedIcon />}
        title="No details to show yet"
        description="This record's details will be shown here."
        action={
          <Button component={RouterLink} to={listPath} startIcon={<ArrowBackIcon />}>
            Back to {listTitle}
          </Button>
        }
      />
    </PageFrame>
  );
}
