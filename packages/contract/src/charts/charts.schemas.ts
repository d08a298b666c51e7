import { z } from 'zod';

export const QR_ERROR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export const CHART_SIZE_MIN = 50;
export const CHART_SIZE_MAX = 1000;
export const CHART_MARGIN_MAX = 20;
export const CHART_DEFAULT_CHLD = 'H|1';

/**
 * Query of the chart call. Every parameter is taken as text here: the chart
 * service checks them and answers 400 {"detail": ...} naming the bad one, as
 * the chart API this follows does. The maximum lengths (a QR code holds at
 * most 4296 characters) keep every documented query inside a request line.
 */
export const chartQuerySchema = z.object({
  cht: z.string().max(10).optional().describe('Chart type; must be qr').meta({ enum: ['qr'] }),
  chs: z.string().max(9).optional().describe(`WIDTHxHEIGHT, each ${CHART_SIZE_MIN}..${CHART_SIZE_MAX} px`),
  chl: z.string().max(4296).optional().describe('The data to encode'),
  chld: z
    .string()
    .max(4)
    .optional()
    .describe(
      `Error correction level L, M, Q or H and margin in modules (0..${CHART_MARGIN_MAX}), default ${CHART_DEFAULT_CHLD}`,
    ),
  logo: z.string().max(100).optional().describe('none (default) or the name of a brand logo to overlay (needs level H)'),
});
export type ChartQuery = z.infer<typeof chartQuerySchema>;
