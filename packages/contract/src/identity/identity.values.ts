/** Identity values without zod, for web pages' first paint (where no schema loads); `identity.schemas.ts` re-exports them. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
