import { forwardRef, lazy, Suspense } from 'react';
import type { PopperProps } from '@mui/material/Popper';

/**
 * The Popper that MUI's Tooltip renders, in production builds (`scripts/lazy-tooltip-popper.ts`
 * points Tooltip's import here): popper.js and MUI's Popper (about 8 KiB brotli) load the first
 * time any tooltip opens instead of with every page. A closed tooltip's Popper renders nothing
 * anyway; the first one to open shows once the chunk is in, every later one at once.
 */
const RealPopper = lazy(() => import('@mui/material/Popper'));

let wanted = false;

const TooltipPopper = forwardRef<HTMLDivElement, PopperProps>(function TooltipPopper(props, ref) {
  if (props.open || props.keepMounted) wanted = true;
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <RealPopper ref={ref} {...props} />
    </Suspense>
  );
});

export default TooltipPopper;
