import type { PermissionAction } from '@ops/contract/common/endpoint';
import { usePermissions } from '../../shared/session/session';

export type ModelPermissions = Record<PermissionAction, boolean>;

/** The signed-in user's flags for one model key, from any module (the key is unique across modules). */
export function useModelPermissions(model: string): ModelPermissions {
  const permissions = usePermissions().data?.permissions;
  const has = (action: PermissionAction) => Object.values(permissions ?? {}).some((models) => models[model]?.[action] === true);
  return { read: has('read'), add: has('add'), change: has('change'), delete: has('delete') };
}
