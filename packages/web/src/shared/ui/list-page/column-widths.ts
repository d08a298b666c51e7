/** Measures text in px for a CSS font (`600 14px Roboto`). */
export type MeasureText = (text: string, font: string) => number;

let canvas: HTMLCanvasElement | null = null;

/** Canvas text metrics where there is a canvas, else a fair average of 0.55em a character. */
export const measureText: MeasureText = (text, font) => {
  try {
    canvas ??= document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (context) {
      context.font = font;
      return context.measureText(text).width;
    }
  } catch {
    // no canvas (tests, old browsers)
  }
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 14);
  return text.length * size * 0.55;
};

export const MIN_COLUMN_WIDTH = 90;
export const MAX_COLUMN_WIDTH = 420;
/** A header's padding plus its sort and menu icons. */
const HEADER_EXTRA = 68;
/** A cell's padding. */
const CELL_EXTRA = 24;

export interface WidthFonts {
  header: string;
  cell: string;
}

/**
 * A column wide enough for its header label (icons included) and for the longest of the given
 * cell texts, within MIN_COLUMN_WIDTH..MAX_COLUMN_WIDTH; longer texts are cut with an ellipsis.
 */
export function contentWidth(label: string, texts: Iterable<string>, fonts: WidthFonts, measure: MeasureText = measureText): number {
  let widest = measure(label, fonts.header) + HEADER_EXTRA;
  for (const text of texts) widest = Math.max(widest, measure(text, fonts.cell) + CELL_EXTRA);
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, widest)));
}

export interface FitColumn {
  field: string;
  /** The width its label and content ask for (or the user's). */
  width: number;
  /** The least it may shrink to: its label stays whole. */
  min: number;
  /** A width the user set (dragged): kept as it is. */
  fixed: boolean;
}

/**
 * Column widths that fill `available` px (issue 38: lists use the width they are given). Spare
 * width is shared out in proportion to the columns' widths; when the columns ask for more, the
 * widest give way first (their cut text keeps an ellipsis and a title) down to their least width;
 * if that is still too wide the columns keep their widths and the grid scrolls sideways. Widths the user set stay. Without a measured width
 * (`available` 0) the asked widths stand.
 */
export function fitColumnWidths(columns: FitColumn[], available: number): Map<string, number> {
  const out = new Map(columns.map((column) => [column.field, column.width]));
  const flexible = columns.filter((column) => !column.fixed);
  const taken = columns.reduce((sum, column) => sum + column.width, 0);
  if (available <= 0 || !flexible.length || taken === available) return out;
  const room = available - columns.filter((column) => column.fixed).reduce((sum, column) => sum + column.width, 0);
  const asked = flexible.reduce((sum, column) => sum + column.width, 0);
  if (asked < room) {
    let left = room;
    flexible.forEach((column, index) => {
      const width = index === flexible.length - 1 ? left : Math.floor((column.width * room) / asked);
      out.set(column.field, width);
      left -= width;
    });
    return out;
  }
  // The widest columns are capped at one width `cap`, the largest for which everything fits.
  const floors = flexible.reduce((sum, column) => sum + Math.min(column.min, column.width), 0);
  // When even the least widths do not fit, the grid scrolls anyway: cutting text would buy nothing.
  if (floors > room) return out;
  const fits = (cap: number) => flexible.reduce((sum, column) => sum + Math.min(column.width, Math.max(Math.min(column.min, column.width), cap)), 0) <= room;
  let low = 0;
  let high = Math.max(...flexible.map((column) => column.width));
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid;
  }
  for (const column of flexible) out.set(column.field, Math.min(column.width, Math.max(Math.min(column.min, column.width), low)));
  return out;
}
