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
