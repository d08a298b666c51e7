/**
 * The records an edit form can be open on (platform.md 14.6, presence), by their permission model:
 * someone who may read the model may see who else is editing one of its records. Without zod, so the
 * web app's pages can name them without loading the schemas.
 */
export const PRESENCE_MODELS = ['client', 'contactperson', 'costcentre', 'brand', 'legalentity', 'industry', 'ticket', 'article'] as const;
export type PresenceModel = (typeof PRESENCE_MODELS)[number];
