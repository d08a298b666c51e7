import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { articleEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';

/** Suggestions wait for this pause in typing, and for this many characters. */
export const SUGGEST_DELAY_MS = 300;
export const SUGGEST_MIN_LENGTH = 3;

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface ArticleSuggestionsProps {
  /** What is typed as the ticket's title. */
  title: string;
  /** The site the ticket is for (the QR `/report` page's), so articles for that site come first in scope. */
  costCentre?: string;
  /** An article was opened (the drawer closes; the typed ticket stays as a draft). */
  onOpen: () => void;
}

/**
 * "These may help" (spec platform §14.2): up to five knowledge articles the user may read, for the
 * words of the ticket title being typed; keyed under ['knowledge', 'suggest', …] like the module's
 * own queries, so an article's change refreshes them. Opening one is recorded (tickets avoided: the
 * server counts it when no ticket of the user follows within 30 minutes).
 */
export function ArticleSuggestions({ title, costCentre, onOpen }: ArticleSuggestionsProps) {
  // One ticket being typed is one session: opening the same article again in it counts once (tickets avoided).
  const [session] = useState(() => crypto.randomUUID());
  const opened = (id: string) => {
    // Counting is not worth an error in the middle of a ticket: a failed record is let go.
    callEndpoint(articleEndpoints.opened, { params: { id }, body: { session } }).catch(() => undefined);
    onOpen();
  };
  const q = useDebouncedValue(title.trim(), SUGGEST_DELAY_MS);
  const suggestions = useQuery({
    queryKey: ['knowledge', 'suggest', q, costCentre ?? null],
    queryFn: ({ signal }) => callEndpoint(articleEndpoints.suggest, { query: { q, cost_centre: costCentre }, signal }),
    enabled: q.length >= SUGGEST_MIN_LENGTH,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    // A suggestion that fails to load is not worth an error in the middle of a ticket.
    retry: false,
  });
  const results = q.length >= SUGGEST_MIN_LENGTH ? (suggestions.data?.results ?? []) : [];
  return (
    <Box aria-live="polite">
      {results.length > 0 && (
        <Box
          component="section"
          aria-labelledby="ticket-suggestions"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Typography id="ticket-suggestions" variant="subtitle2" component="h3">
            These may help
          </Typography>
          <List dense disablePadding aria-labelledby="ticket-suggestions">
            {results.map((article) => (
              <li key={article.id}>
                <ListItemButton
                  component={RouterLink}
                  to={`/knowledge/${article.id}`}
                  onClick={() => opened(article.id)}
                  sx={{ borderRadius: 1, alignItems: 'flex-start' }}
                >
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                    <DescriptionOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={article.title}
                    secondary={[article.category?.name, article.excerpt].filter(Boolean).join(' · ')}
                    slotProps={{
                      secondary: {
                        sx: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
                      },
                    }}
                  />
                </ListItemButton>
              </li>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}
