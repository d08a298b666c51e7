import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { defineErrors } from '../../platform/errors';

/** The knowledge base's own errors: code, status and message in one place. */
export const KNOWLEDGE_ERRORS = defineErrors({
  NO_SUCH_VERSION: { status: 404, message: (version: number) => `Version ${version} of this article does not exist.` },
  NO_FILE: { status: 400, message: ERROR_MESSAGES.noFile },
  ONE_FILE_PER_REQUEST: { status: 400, message: 'Submit one file per request.' },
  IMAGE_NAMES_NOTHING: { status: 400, message: 'Each image must name an attachment of this article: {"type": "image", "attrs": {"attachment": "<id>"}}.' },
  IMAGE_NOT_OF_ARTICLE: { status: 400, message: (id: string) => `An image names "${id}", which is not an attachment of this article.` },
  IMAGE_FILE_MISSING: { status: 404, message: 'The file of this image is missing.' },
});
