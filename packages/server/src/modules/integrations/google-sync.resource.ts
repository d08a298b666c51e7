import { eq } from 'drizzle-orm';
import {
  directoryGroupSchema,
  directoryUserSchema,
  groupMemberSchema,
  MEMBER_ROLES,
  MEMBER_TYPES,
} from '@ops/contract/integrations/google-sync.schemas';
import { directoryGroups, directoryUsers, groupMembers } from '../../db/schema/google-sync';
import { syncedResource } from './synced-resource';

export const directoryGroupsResource = syncedResource({
  name: 'directory-groups',
  table: directoryGroups,
  id: directoryGroups.id,
  itemSchema: directoryGroupSchema,
  order: ['id', 'name'],
  search: ['name', 'email'],
  defaultOrdering: ['name'],
});

export const directoryUsersResource = syncedResource({
  name: 'directory-users',
  table: directoryUsers,
  id: directoryUsers.id,
  itemSchema: directoryUserSchema,
  order: ['id', 'primaryEmail', 'given_name', 'department', 'region'],
  search: ['primaryEmail', 'given_name', 'family_name', 'title'],
  defaultOrdering: ['given_name'],
});
export const usersOfKind = (kind: 'office' | 'site') => eq(directoryUsers.userKind, kind);

export const groupMembersResource = syncedResource({
  name: 'group-members',
  table: groupMembers,
  id: groupMembers.uid,
  itemSchema: groupMemberSchema,
  order: ['uid', 'email'],
  search: ['email'],
  defaultOrdering: ['email'],
  enums: { type: MEMBER_TYPES, role: MEMBER_ROLES },
});
export const membersOfGroup = (groupId: string) => eq(groupMembers.group, groupId);
