import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { LazyListPagination } from './LazyListPagination';
import type { ListColumn } from './list-columns';
import { PAGE_SIZES } from './list-state';

export interface ListCardsProps<Row> {
  label: string;
  rows: Row[];
  getRowId: (row: Row) => string;
  /** Visible columns in display order: the first titles the card, the next few are its key fields. */
  columns: ListColumn<Row>[];
  labelOf: (column: ListColumn<Row>) => string;
  cellText: (column: ListColumn<Row>, row: Row) => string;
  rowHref?: (row: Row) => string;
  loading: boolean;
  page: number;
  pageSize: number;
  rowCount: number;
  filtered: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  empty: ReactNode;
}

/** Key fields a card shows under its title. */
const CARD_FIELDS = 3;

/**
 * A list on a phone: each row a card with its name in full and its key fields, and the same
 * server paging as the grid.
 */
export function ListCards<Row>({ label, rows, getRowId, columns, labelOf, cellText, rowHref, loading, page, pageSize, rowCount, filtered, onPage, onPageSize, empty }: ListCardsProps<Row>) {
  const [first, ...rest] = columns;
  const fields = rest.slice(0, CARD_FIELDS);
  return (
    <Box>
      {loading && <LinearProgress aria-label={`Loading ${label}`} />}
      {rows.length === 0 && !loading ? (
        <Box sx={{ minHeight: 240 }}>{empty}</Box>
      ) : (
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => {
            // The column's own text where it has one (a ticket number reads "#1036", not "1,036").
            const rendered = first?.render?.(row);
            const title = typeof rendered === 'string' ? rendered : first ? cellText(first, row) || '—' : getRowId(row);
            return (
              <Box component="li" key={getRowId(row)} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                <Typography component="h3" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {rowHref ? (
                    <Link component={RouterLink} to={rowHref(row)} underline="hover">
                      {title}
                    </Link>
                  ) : (
                    title
                  )}
                </Typography>
                {fields.length > 0 && (
                  <Stack component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
                    {fields.map((column) => (
                      <Box key={column.field} sx={{ display: 'contents' }}>
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {labelOf(column)}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                          {column.render ? column.render(row) : cellText(column, row) || '—'}
                        </Typography>
                      </Box>
                    ))}
                  </Stack>
                )}
              </Box>
            );
          })}
        </Box>
      )}
      <LazyListPagination
        // TablePagination's toolbar is 52 px high at every width.
        minHeight={52}
        count={rowCount}
        page={rowCount >= 0 ? Math.min(page - 1, Math.max(0, Math.ceil(rowCount / pageSize) - 1)) : page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, next) => onPage(next + 1)}
        onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
        labelRowsPerPage="Rows"
        labelDisplayedRows={({ from, to, count }) => displayedRows(from, to, count, filtered)}
      />
    </Box>
  );
}

/** "26–50 of 200", "1–25 of 40 (filtered)". */
export function displayedRows(from: number, to: number, count: number, filtered: boolean): string {
  const total = count === -1 ? `more than ${to}` : count.toLocaleString();
  return `${from.toLocaleString()}–${to.toLocaleString()} of ${total}${filtered ? ' (filtered)' : ''}`;
}
