import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import type { TablePaginationProps } from '@mui/material';

// Asked for as soon as a list's code runs, so it comes with the rows rather than after them.
const chunk = import('./ListPagination');
const ListPagination = lazy(() => chunk);

/**
 * TablePagination loaded beside the list page's code instead of with it (`ListPagination.tsx`):
 * until it is in, an empty box of the footer's size (`minHeight` plus the `sx` border) holds its
 * place, so nothing moves when it comes.
 */
export function LazyListPagination({ minHeight, ...props }: Omit<TablePaginationProps<'div'>, 'component'> & { minHeight: number }) {
  return (
    <Suspense fallback={<Box sx={[{ minHeight, boxSizing: 'content-box' }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]} />}>
      <ListPagination {...props} />
    </Suspense>
  );
}
