import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { defineErrors } from '../../platform/errors';

/** The jobs module's own errors (bulk changes and imports): code, status and message in one place. */
export const JOBS_ERRORS = defineErrors({
  ALREADY_UNDONE: { status: 409, message: 'This job has already been undone.' },
  STILL_RUNNING: { status: 409, message: 'This job is still running; undo it when it has finished.' },
  /** A record of a bulk job or import that the user cannot reach (reported per record, not thrown). */
  NOT_IN_ALLOCATION: { status: 404, message: 'Not found, or not in your allocation.' },
  /** A bulk change's record that someone changed after the job read it (reported per record, not thrown). */
  CHANGED_SINCE_READ: { status: 409, message: 'Changed by someone since the job read it: left as it is.' },
  // Bulk changes.
  NO_CHANGES: { status: 400, message: 'Choose at least one field to change.' },
  /** Under `changes`, per field named (collected before one throw). */
  NOT_CHANGEABLE_HERE: { status: 400, message: 'This field cannot be changed here.' },
  IDS_AND_FILTERS: { status: 400, message: 'Give either ids or filters/search, not both.' },
  NO_SELECTION: { status: 400, message: 'Give the ids of the records to change, or filters/search matching them.' },
  IDS_OUT_OF_REACH: {
    status: 400,
    message: (missing: number) => `${missing} of the selected records do not exist or are not in your allocation.`,
  },
  // Import files.
  NO_FILE: { status: 400, message: ERROR_MESSAGES.noFile },
  ONE_FILE_PER_IMPORT: { status: 400, message: 'Submit one file per import.' },
  UNREADABLE_XLSX: { status: 400, message: 'The file is not a readable XLSX workbook.' },
  UNREADABLE_CSV: { status: 400, message: 'The file is not a readable CSV file (UTF-8, comma separated).' },
  COLUMN_TWICE: { status: 400, message: (column: string) => `The column "${column.slice(0, 100)}" appears twice in the header.` },
  TOO_MANY_COLUMNS: { status: 400, message: 'The file has more than 200 columns.' },
  TOO_MANY_ROWS: { status: 400, message: (maxRows: number) => `The file has more than ${maxRows.toLocaleString('en')} rows; split it.` },
  NO_HEADER_ROW: { status: 400, message: 'The file has no header row.' },
  // Import options: `mapping` per column named (collected before one throw), then `match_on`.
  NOT_A_COLUMN: { status: 400, message: 'Not a column of the file.' },
  NOT_A_FIELD: { status: 400, message: (field: string) => `"${field.slice(0, 100)}" is not a field of this resource.` },
  MAPPED_TWICE: { status: 400, message: (field: string) => `"${field}" is mapped twice.` },
  CANNOT_MATCH_ON: { status: 400, message: (field: string) => `"${field}" cannot be matched on for this resource.` },
  MATCH_ON_NOT_MAPPED: { status: 400, message: (field: string) => `Map a column to "${field}" to match on it.` },
  STARTED_WITH_OTHER_SETTINGS: {
    status: 409,
    message: 'This import has already been started with other settings. Upload the file again to import it with these settings.',
  },
});
