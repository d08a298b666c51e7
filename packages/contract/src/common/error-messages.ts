/**
 * The API's error messages (DRF's wording), without zod: web pages import them on their first paint,
 * where no schema loads. `errors.ts` re-exports them.
 */
export const ERROR_MESSAGES = {
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  badCredentials: 'Unable to log in with provided credentials.',
  throttled: 'Request was throttled. Expected available in {seconds} seconds.',
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  nullCharacters: 'Null characters are not allowed.',
  nonNegativeInteger: 'A valid non-negative integer is required.',
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  boolean: 'Must be a valid boolean.',
  list: 'Expected a list of items.',
  jsonObject: 'Must be a JSON object.',
  email: 'Enter a valid email address.',
  notNegative: 'Ensure this value is greater than or equal to 0.',
  timeZone: 'Unknown time zone.',
  noFile: 'No file was submitted.',
  bodyTooLarge: 'Request body is too large.',
  serviceUnavailable: 'Service temporarily unavailable, try again later.',
  image: 'Upload a valid image. Only JPEG and PNG files are allowed.',
  endBeforeStart: 'End date must not be before the start date.',
  uuid: 'Must be a valid UUID.',
  url: 'Enter a valid URL.',
  dateFormat: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  codeFormat: 'Only uppercase letters, digits and hyphens are allowed.',
  documentTooLarge: 'Ensure this document is no larger than 1 MB.',
  uriTooLong: 'Request-URI too long.',
  csrfMissing: 'CSRF Failed: CSRF token missing.',
  csrfIncorrect: 'CSRF Failed: CSRF token incorrect.',
} as const;

/** DRF's message for a value outside a choice list. */
export const invalidChoice = (value: unknown) => `"${String(value)}" is not a valid choice.`;
/** DRF's messages for a text or a list over its limit. */
export const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
export const tooMany = (max: number) => `Ensure this field has no more than ${max} elements.`;
