import type { FastifyRequest } from 'fastify';
import type { ListViewer } from './list-resource';

/** The list viewer of a request: its signed-in user and their read permissions (nobody: nothing readable). */
export async function listViewer(request: FastifyRequest): Promise<ListViewer> {
  const auth = request.auth;
  if (!auth) return { user: null, canRead: () => false };
  const keys = await auth.permissionKeys();
  const { id, userType, isSuperuser } = auth.user;
  const can = (model: string, action: string) => isSuperuser || keys.has('*') || keys.has(`${model}.${action}`);
  return { user: { id, userType, isSuperuser }, canRead: (model) => can(model, 'read'), can };
}
