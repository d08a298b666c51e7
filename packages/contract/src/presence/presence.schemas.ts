import { z } from 'zod';
import { uuid } from '../common/fields';

import { PRESENCE_MODELS } from './presence.values';

export * from './presence.values';

/** `POST` / `DELETE presence/`, and `GET presence/?model=&id=`: one record's edit form. */
export const presenceSubjectSchema = z.object({ model: z.enum(PRESENCE_MODELS), id: uuid().meta({ maxLength: 36 }) });
export type PresenceSubject = z.infer<typeof presenceSubjectSchema>;

/** Someone else with the record's edit form open, since they opened it. */
export const presenceEntrySchema = z.object({
  user: z.object({ id: uuid(), name: z.string() }),
  since: z.string().datetime({ offset: true }),
});
export type PresenceEntry = z.infer<typeof presenceEntrySchema>;
