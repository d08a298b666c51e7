import { z } from 'zod';
import { int64, text } from './synced-fields';

/** Google Workspace directory records (Admin SDK Directory API shapes, fields named as the source and spec api-contract name them). */
export const directoryGroupSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  description: z.string(),
  adminCreated: z.boolean(),
  directMembersCount: int64(),
  kind: z.string(),
  aliases: z.array(z.string()),
  nonEditableAliases: z.array(z.string()),
});
export type DirectoryGroup = z.infer<typeof directoryGroupSchema>;

export const MEMBER_TYPES = ['CUSTOMER', 'GROUP', 'USER'] as const;
export const MEMBER_ROLES = ['MANAGER', 'MEMBER', 'OWNER'] as const;

export const groupMemberSchema = z.object({
  uid: z.uuid(),
  id: z.string(),
  type: z.enum(MEMBER_TYPES),
  kind: z.string(),
  email: text(),
  role: z.enum(MEMBER_ROLES),
  status: text(),
  etag: text(),
  delivery_settings: text(),
  group: z.string().describe('Directory group id'),
  member: text().describe('Directory user id when the member is a synced user'),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const DIRECTORY_USER_KINDS = ['office', 'site'] as const;

export const directoryUserSchema = z.object({
  id: z.string(),
  primaryEmail: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  title: text(),
  mobile: text(),
  phone: text(),
  cost_centre: text(),
  sector: text(),
  employee_type: text(),
  department: text(),
  region: text(),
  reporting_manager: text().describe("Manager's email (relations of type manager)"),
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;
