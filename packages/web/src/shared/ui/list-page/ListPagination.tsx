import { TablePagination, type TablePaginationProps } from '@mui/material';

/**
 * The list's footer: MUI's TablePagination, in a chunk of its own because it brings MUI's Select,
 * Menu and MenuItem (its rows-per-page picker, about 9 KiB brotli): the grid's rows show without
 * waiting for it (`LazyListPagination`).
 */
export default function ListPagination(props: TablePaginationProps<'div'>) {
  return <TablePagination {...props} component="div" />;
}
