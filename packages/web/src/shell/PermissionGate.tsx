import type { ReactNode } from 'react';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { canReadFrom } from './sidenav/nav-filter';
import { usePermissions } from '../shared/session/session';
import { EmptyState } from '../shared/ui/EmptyState';
import { PageLoading } from '../shared/ui/PageLoading';
import { PageFrame } from '../shared/ui/PageFrame';

/**
 * Pages behind a permission render only for users who may read it, so a deep
 * link never makes the page call an API that answers 403.
 */
export function PermissionGate({ permission, children }: { permission: string | undefined; children: ReactNode }) {
  const permissions = usePermissions();
  if (!permission) return <>{children}</>;
  if (permissions.isPending) return <PageLoading />;
  if (!canReadFrom(permissions.data?.permissions)(permission)) {
    // A page of its own, with its one h1 like every page (the frame), not a bare card.
    return (
      <PageFrame title="No access">
        <EmptyState icon={<LockOutlinedIcon />} title="You do not have access to this page" description="Ask an administrator for access if you need it." />
      </PageFrame>
    );
  }
  return <>{children}</>;
}
