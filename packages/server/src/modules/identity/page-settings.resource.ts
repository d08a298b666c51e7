import { eq } from 'drizzle-orm';
import { pageSettingSchema } from '@ops/contract/identity/identity.schemas';
import { pageSettings } from '../../db/schema/identity';
import { defineListResource } from '../../list-query/list-resource';

export const pageSettingsResource = defineListResource({
  name: 'page-settings',
  table: pageSettings,
  id: pageSettings.id,
  fields: {
    id: { kind: 'uuid', column: pageSettings.id, order: true },
    page: { kind: 'text', column: pageSettings.page, order: true },
    user: { kind: 'uuid', column: pageSettings.userId },
    layout: { kind: 'text', column: pageSettings.layout, order: true },
    updated_at: { kind: 'datetime', column: pageSettings.updatedAt, order: true },
  },
  search: ['page', 'layout'],
  defaultOrdering: ['page', 'layout'],
  itemSchema: pageSettingSchema,
});

export const pageSettingsOwnedBy = (userId: string) => eq(pageSettings.userId, userId);
