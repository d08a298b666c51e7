import { z } from 'zod';
import { uuid } from '../common/fields';

/**
 * The records an edit form can be open on (platform.md 14.6, presence), by their permission model:
 * someone who may read the model may see who else is editing one of its records.
 */
export const PRESENCE_MODELS = ['client', 'contactperson', 'costcentre', 'brand', 'legalentity', 'industry', 'ticket'] as const;
export type PresenceModel = (typeof PRESENCE_MODELS)[number];

/** `POST` / `DELETE presence/`, and `GET presence/?model=&id=`: one record's edit form. */
export const presenceSubjectSchema = z.object({ model: z.enum(PRESENCE_MODELS), id: uuid().meta({ maxLength: 36 }) });
export type PresenceSubject = z.infer<typeof presenceSubjectSchema>;

/** Someone else with the record's edit form open, since they opened it. */
export const presenceEntrySchema = z.object({
  user: z.object({ id: uuid(), name: z.string() }),
  since: z.string().datetime({ offset: true }),
});
export type PresenceEntry = z.infer<typeof presenceEntrySchema>;
