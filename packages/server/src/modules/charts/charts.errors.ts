import { CHART_MARGIN_MAX, CHART_SIZE_MAX, CHART_SIZE_MIN } from '@ops/contract/charts/charts.schemas';
import { defineErrors } from '../../platform/errors';

/**
 * The chart API's own errors: code, status and message in one place. Its 400s answer `{detail}`
 * naming the parameter, as the image chart API its callers were written for does.
 */
export const CHARTS_ERRORS = defineErrors({
  CHT_REQUIRED: { status: 400, asDetail: true, message: 'cht is required and must be "qr".' },
  CHT_UNSUPPORTED: {
    status: 400,
    asDetail: true,
    message: (cht: string) => `cht "${cht.slice(0, 20)}" is not supported: cht must be "qr".`,
  },
  CHS_REQUIRED: { status: 400, asDetail: true, message: 'chs is required: WIDTHxHEIGHT in pixels, for example 300x300.' },
  CHS_FORMAT: { status: 400, asDetail: true, message: 'chs must be WIDTHxHEIGHT in pixels, for example 300x300.' },
  CHS_RANGE: {
    status: 400,
    asDetail: true,
    message: `chs must be between ${CHART_SIZE_MIN}x${CHART_SIZE_MIN} and ${CHART_SIZE_MAX}x${CHART_SIZE_MAX} pixels.`,
  },
  CHS_TOO_SMALL_FOR_CHL: {
    status: 400,
    asDetail: true,
    message: (span: number) => `chs is too small for this chl: the code needs at least ${span}x${span} pixels.`,
  },
  CHL_REQUIRED: { status: 400, asDetail: true, message: 'chl is required: the text to encode.' },
  CHL_TOO_LONG: {
    status: 400,
    asDetail: true,
    message: (level: string) => `chl is too long for error correction level ${level}.`,
  },
  CHLD_FORMAT: {
    status: 400,
    asDetail: true,
    message: `chld must be an error correction level L, M, Q or H, optionally followed by |margin (0-${CHART_MARGIN_MAX}), for example H|1.`,
  },
  LOGO_NAME: { status: 400, asDetail: true, message: 'logo must be "none" or the name of a brand logo.' },
  LOGO_NEEDS_LEVEL_H: { status: 400, asDetail: true, message: 'logo needs error correction level H (chld=H|margin).' },
  LOGO_UNKNOWN: { status: 400, asDetail: true, message: (name: string) => `logo "${name}" does not exist.` },
  /** Every render slot and queue place is taken: retry shortly (docs/operations.md, "Charts"). */
  BUSY: { status: 503, message: 'Chart rendering is busy, try again shortly.' },
});
