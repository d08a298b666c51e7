import { useLocation } from 'react-router';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { resolveRoute } from '../../shared/route-meta';
import { capitalise } from '../../shell/header/breadcrumb';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageFrame } from '../../shared/ui/PageFrame';

/** The frame of a module list page; its records view is built by the module's own feature. */
export function ModuleListPage() {
  const location = useLocation();
  const route = resolveRoute(location.pathname, location.search);
  const title = route?.title ?? 'Page';
  const section = route?.crumbs.slice(0, -1).map(capitalise).join(' · ');
  return (
    <PageFrame title={title} subtitle={section}>
      <EmptyState icon={<InboxOutlinedIcon />} title="Nothing to show yet" description={`${title} will be listed here.`} />
    </PageFrame>
  );
}
