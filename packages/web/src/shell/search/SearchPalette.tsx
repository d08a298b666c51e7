import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  Box,
  Dialog,
  IconButton,
  InputBase,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import StoreOutlinedIcon from '@mui/icons-material/StoreOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import type { SearchResult, SearchResultType } from '@ops/contract/search/search.schemas';
import { MAX_SEARCH_QUERY } from '@ops/contract/search/search.schemas';
import { useCurrentUser } from '../../shared/session/session';
import { loadRecentSearches, rememberSearch } from './recent-searches';
import { useSearch } from './search.queries';

const TYPE_ICONS: Record<SearchResultType, ReactNode> = {
  client: <BusinessOutlinedIcon fontSize="small" />,
  cost_centre: <StoreOutlinedIcon fontSize="small" />,
  contact_person: <PersonOutlineIcon fontSize="small" />,
  user: <BadgeOutlinedIcon fontSize="small" />,
  ticket: <ConfirmationNumberOutlinedIcon fontSize="small" />,
  article: <DescriptionOutlinedIcon fontSize="small" />,
  page: <DescriptionOutlinedIcon fontSize="small" />,
};

type Option = { kind: 'recent'; query: string } | { kind: 'result'; result: SearchResult };

/** Waits a moment after typing stops, so each key press does not ask the server. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface SearchPaletteProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Search everything (Ctrl+K / Cmd+K, or the header's Search button): a
 * combobox whose listbox holds the results (or, before typing, the recent
 * searches); arrow keys move, Enter opens, Escape closes.
 */
export function SearchPalette({ open, onClose }: SearchPaletteProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { 'aria-label': 'Search', sx: { mt: phone ? 0 : '12vh' } } }}
    >
      {open && <PaletteBody onClose={onClose} />}
    </Dialog>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const userId = useCurrentUser().data?.id ?? 'anonymous';
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>(() => loadRecentSearches(userId));
  const q = useDebounced(text, 150);
  const search = useSearch(q);
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const typing = text.trim() !== '';
  const options: Option[] = useMemo(
    () =>
      typing
        ? (search.data?.results ?? []).map((result) => ({ kind: 'result' as const, result }))
        : recent.map((query) => ({ kind: 'recent' as const, query })),
    [typing, search.data, recent],
  );
  useEffect(() => setActive(0), [options]);
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const choose = (option: Option | undefined) => {
    if (!option) return;
    if (option.kind === 'recent') {
      setText(option.query);
      inputRef.current?.focus();
      return;
    }
    setRecent(rememberSearch(userId, text));
    onClose();
    const { url } = option.result;
    if (/^mailto:/i.test(url)) window.location.href = url;
    else navigate(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault();
      setActive((i) => (i + 1) % count);
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault();
      setActive((i) => (i - 1 + count) % count);
    } else if (event.key === 'Home' && count && !typing) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && count && !typing) {
      event.preventDefault();
      setActive(count - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active]);
    }
  };

  // Keep the active option in view while moving with the keyboard.
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const waiting = typing && (search.isFetching || text.trim() !== q.trim());
  const showList = options.length > 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight: { xs: '100%', sm: '70vh' } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <SearchIcon color="action" />
        <InputBase
          inputRef={inputRef}
          autoFocus
          fullWidth
          value={text}
          placeholder="Search clients, sites, people, tickets, articles…"
          onChange={(event) => setText(event.target.value.slice(0, MAX_SEARCH_QUERY))}
          onKeyDown={onKeyDown}
          inputProps={{
            role: 'combobox',
            'aria-label': 'Search everything',
            'aria-expanded': showList,
            'aria-controls': listboxId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': showList ? optionId(active) : undefined,
            maxLength: MAX_SEARCH_QUERY,
          }}
          sx={{ fontSize: '1.05rem' }}
        />
        <IconButton aria-label="Close search" onClick={onClose} edge="end" sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
          <CloseIcon />
        </IconButton>
        <Typography
          component="kbd"
          variant="caption"
          color="text.secondary"
          onClick={onClose}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 0.75,
            cursor: 'pointer',
            display: { xs: 'none', sm: 'inline' },
          }}
        >
          Esc
        </Typography>
      </Box>
      <Box sx={{ height: 4 }}>{waiting && <LinearProgress aria-label="Searching" />}</Box>
      <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
        {!typing && recent.length > 0 && (
          <Typography variant="overline" component="p" color="text.secondary" sx={{ px: 2.5, pt: 1 }} aria-hidden>
            Recent searches
          </Typography>
        )}
        <List id={listboxId} role="listbox" aria-label={typing ? 'Search results' : 'Recent searches'} dense sx={{ py: 0.5 }}>
          {options.map((option, index) => (
            <ListItemButton
              key={option.kind === 'recent' ? `recent-${option.query}` : `${option.result.type}-${option.result.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              selected={index === active}
              tabIndex={-1}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(option)}
              sx={{ mx: 0.5, borderRadius: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {option.kind === 'recent' ? <HistoryIcon fontSize="small" /> : TYPE_ICONS[option.result.type]}
              </ListItemIcon>
              {option.kind === 'recent' ? (
                <ListItemText primary={option.query} />
              ) : (
                <ListItemText
                  primary={option.result.title}
                  secondary={option.result.subtitle}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              )}
            </ListItemButton>
          ))}
        </List>
        {typing && !waiting && search.isSuccess && options.length === 0 && (
          <Typography role="status" sx={{ px: 3, py: 3, color: 'text.secondary' }}>
            No results for “{text.trim()}”.
          </Typography>
        )}
        {typing && search.isError && (
          <Typography role="alert" sx={{ px: 3, py: 3, color: 'error.main' }}>
            The search could not be run. Try again.
          </Typography>
        )}
        {!typing && recent.length === 0 && (
          <Typography sx={{ px: 3, py: 3, color: 'text.secondary' }}>
            Find clients, cost centres, contact people, staff, tickets, knowledge articles and pages by name, code or number.
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: { xs: 'none', sm: 'flex' },
          gap: 2,
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          typography: 'caption',
        }}
      >
        <span>↑ ↓ to move</span>
        <span>Enter to open</span>
        <span>Esc to close</span>
      </Box>
    </Box>
  );
}
