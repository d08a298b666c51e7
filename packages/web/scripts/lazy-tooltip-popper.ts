/// <reference types="node" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const TOOLTIP = /[\\/]@mui[\\/]material[\\/]Tooltip[\\/]Tooltip\.mjs$/;
const TOOLTIP_POPPER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/shared/ui/TooltipPopper.tsx');

/**
 * In production builds MUI's Tooltip imports `src/shared/ui/TooltipPopper.tsx` instead of its
 * Popper: the sidebar, header and list toolbar have tooltips on every page, and a tooltip's Popper
 * (with popper.js) is only needed once one opens. Tests and the dev server run MUI as it is.
 */
export function lazyTooltipPopper(): Plugin {
  return {
    name: 'lazy-tooltip-popper',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../Popper/index.mjs' && importer && TOOLTIP.test(importer)) return TOOLTIP_POPPER;
      return null;
    },
  };
}
