import { Fragment, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import type { Article, ArticleVersion } from '@ops/contract/knowledge/knowledge.schemas';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ConfirmDialog } from '../../shared/ui/LazyConfirmDialog';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { articleVersionsQuery, useRestoreVersion } from './knowledge.queries';
import { diffVersions, type DiffMode, type DiffPart } from './document-diff';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Editors: an article's versions with who saved each and when, a diff between any two, and restoring one. */
export function ArticleVersions({ article }: { article: Article }) {
  const versions = useQuery(articleVersionsQuery(article.id));
  const formatDateTime = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const restore = useRestoreVersion();
  const [restoring, setRestoring] = useState<ArticleVersion | null>(null);
  const [picked, setPicked] = useState<{ older?: number; newer?: number }>({});
  const [mode, setMode] = useState<DiffMode>('words');
  const list = versions.data ?? [];
  // By default the latest change: the version before the current one against the current one.
  const newer = picked.newer ?? list[0]?.version;
  const older = picked.older ?? list[1]?.version ?? newer;
  const byNumber = useMemo(() => new Map(list.map((version) => [version.version, version])), [list]);
  const diff = useMemo(() => {
    const a = older !== undefined ? byNumber.get(older) : undefined;
    const b = newer !== undefined ? byNumber.get(newer) : undefined;
    return a && b ? diffVersions(a, b, mode) : null;
  }, [byNumber, older, newer, mode]);

  if (versions.isPending) return <PageLoading />;
  if (versions.isError) return <Alert severity="error">{apiErrorMessageOf(versions.error)}</Alert>;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="versions-heading">
        <Typography id="versions-heading" variant="h2" sx={{ fontSize: '1rem', p: 2, pb: 1 }}>
          Versions
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="versions-heading">
            <TableHead>
              <TableRow>
                <TableCell component="th">Version</TableCell>
                <TableCell component="th" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  Title
                </TableCell>
                <TableCell component="th">Saved by</TableCell>
                <TableCell component="th">When</TableCell>
                <TableCell component="th">
                  <span style={VISUALLY_HIDDEN}>Actions</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((version) => (
                <TableRow key={version.version}>
                  <TableCell>
                    {version.version}
                    {version.version === article.version ? ' (current)' : ''}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{version.title}</TableCell>
                  <TableCell>{version.edited_by?.full_name ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(version.at)}</TableCell>
                  <TableCell align="right">
                    {version.version !== article.version && (
                      <Button
                        size="small"
                        onClick={() => setRestoring(version)}
                        aria-label={`Restore version ${version.version}`}
                      >
                        Restore
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="diff-heading" sx={{ p: 2 }}>
        <Typography id="diff-heading" variant="h2" sx={{ fontSize: '1rem', mb: 2 }}>
          Compare versions
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <VersionSelect label="From" value={older} versions={list} current={article.version} onChange={(value) => setPicked({ older: value, newer })} />
          <VersionSelect label="To" value={newer} versions={list} current={article.version} onChange={(value) => setPicked({ older, newer: value })} />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, next: DiffMode | null) => next && setMode(next)}
            aria-label="Compare by"
          >
            <ToggleButton value="words">Words</ToggleButton>
            <ToggleButton value="lines">Lines</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {diff && (
          <>
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
              {older === newer
                ? 'The same version on both sides.'
                : `${diff.inserted} ${diff.inserted === 1 ? 'word' : 'words'} inserted, ${diff.deleted} ${diff.deleted === 1 ? 'word' : 'words'} deleted.`}{' '}
              Inserted text is underlined and marked [+ … +]; deleted text is struck through and marked [− … −].
            </Typography>
            <DiffView parts={diff.parts} label={`Changes from version ${older} to version ${newer}`} />
          </>
        )}
      </Paper>

      {restoring && (
        <ConfirmDialog
          title={`Restore version ${restoring.version}?`}
          message={`Its title and text become a new version (version ${article.version + 1})${article.status === 'PUBLISHED' ? ', published at once' : ''}. Nothing is lost: the current version stays in the list.`}
          confirmLabel="Restore"
          busyLabel="Restoring…"
          onCancel={() => setRestoring(null)}
          onConfirm={async () => {
            await restore.mutateAsync({ id: article.id, version: restoring.version });
            setRestoring(null);
            setPicked({});
            enqueueSnackbar(`Version ${restoring.version} restored`, { variant: 'success' });
          }}
        />
      )}
    </Stack>
  );
}

/** One end of a comparison of versions (an article's, a rule's): every version, the current one marked. */
export function VersionSelect({
  label,
  value,
  versions,
  current,
  onChange,
}: {
  label: string;
  value: number | undefined;
  versions: readonly { version: number }[];
  current: number;
  onChange: (value: number) => void;
}) {
  return (
    <TextField select size="small" label={label} value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))} sx={{ minWidth: 200 }}>
      {versions.map((version) => (
        <MenuItem key={version.version} value={version.version}>
          Version {version.version}
          {version.version === current ? ' (current)' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The diff as text: insertions in <ins> (underlined, green) and deletions in <del> (struck through,
 * red), each also marked by visible brackets and announced by screen readers, so colour is never the
 * only sign.
 */
export function DiffView({ parts, label }: { parts: DiffPart[]; label: string }) {
  return (
    <Box
      role="document"
      aria-label={label}
      sx={(theme) => ({
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: theme.typography.body1.fontFamily,
        lineHeight: 1.7,
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '& ins': {
          textDecoration: 'underline',
          textDecorationThickness: '2px',
          bgcolor: theme.palette.mode === 'dark' ? 'rgba(46,160,67,0.3)' : '#d7f5dd',
          color: theme.palette.mode === 'dark' ? '#aff5b4' : '#0b5a1d',
        },
        '& del': {
          textDecoration: 'line-through',
          bgcolor: theme.palette.mode === 'dark' ? 'rgba(248,81,73,0.3)' : '#ffe0e0',
          color: theme.palette.mode === 'dark' ? '#ffdcd7' : '#8a1111',
        },
        '& .diff-mark': { fontWeight: 700, fontSize: '0.8em', textDecoration: 'none', display: 'inline-block' },
      })}
    >
      {parts.map((part, index) => {
        // A change that ends a line closes its mark before the line break, not on the next line.
        const text = part.kind === 'same' ? part.text : part.text.replace(/\n+$/, '');
        const after = part.text.slice(text.length);
        return part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'inserted' ? (
          <Fragment key={index}>
            <ins>
              <span className="diff-mark" aria-hidden="true">
                [+
              </span>
              <span style={VISUALLY_HIDDEN}>[insertion start] </span>
              {text}
              <span style={VISUALLY_HIDDEN}> [insertion end]</span>
              <span className="diff-mark" aria-hidden="true">
                +]
              </span>
            </ins>
            {after}
          </Fragment>
        ) : (
          <Fragment key={index}>
            <del>
              <span className="diff-mark" aria-hidden="true">
                [−
              </span>
              <span style={VISUALLY_HIDDEN}>[deletion start] </span>
              {text}
              <span style={VISUALLY_HIDDEN}> [deletion end]</span>
              <span className="diff-mark" aria-hidden="true">
                −]
              </span>
            </del>
            {after}
          </Fragment>
        );
      })}
    </Box>
  );
}
