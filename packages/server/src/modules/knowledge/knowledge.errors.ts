import { defineErrors } from '../../platform/errors';

/** The knowledge base's own errors: code, status and message in one place. */
export const KNOWLEDGE_ERRORS = defineErrors({
  NO_SUCH_VERSION: { status: 404, message: (version: number) => `Version ${version} of this article does not exist.` },
});
