import { useEffect, useState } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import { apiBlobUrl } from '../../api/http-client';
import { articleImagePath } from './knowledge.queries';

/**
 * An image of an article's text: its attachment, fetched with the reader's token (the download is
 * checked against the article's audience like the article itself) and shown from an object URL that
 * lives as long as the image is on the page.
 */
export function ArticleImage({ articleId, attachment, alt }: { articleId: string; attachment: string; alt: string }) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiBlobUrl(articleImagePath(articleId, attachment), controller.signal).then(
      (url) => {
        objectUrl = url;
        setState({ url, failed: false });
      },
      () => !controller.signal.aborted && setState({ url: null, failed: true }),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [articleId, attachment]);
  if (state.failed)
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', my: 1 }}>
        [Image not available{alt ? `: ${alt}` : ''}]
      </Typography>
    );
  if (!state.url) return <Skeleton variant="rectangular" height={160} sx={{ my: 1, maxWidth: 480 }} aria-label={alt || 'Image loading'} />;
  return <Box component="img" src={state.url} alt={alt} />;
}
