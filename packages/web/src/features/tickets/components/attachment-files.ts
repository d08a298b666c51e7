import { useEffect, useState } from 'react';
import type { Attachment } from '@ops/contract/helpdesk/helpdesk.schemas';
import { apiBlobUrl } from '../../../api/http-client';

/** The API answers absolute download URLs; fetch them on this origin (the proxy may rewrite scheme or host). */
export const downloadPath = (attachment: Attachment) => {
  const url = new URL(attachment.attachment, window.location.origin);
  return url.pathname + url.search;
};

export const isImage = (attachment: Attachment) =>
  attachment.content_type === 'image/jpeg' || attachment.content_type === 'image/png';
export const isPdf = (attachment: Attachment) => attachment.content_type === 'application/pdf';

/** The file behind an authenticated download URL, as an object URL that lives as long as the component. */
export function useBlobUrl(attachment: Attachment, enabled: boolean): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiBlobUrl(downloadPath(attachment), controller.signal).then(
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
  }, [attachment, enabled]);
  return state;
}

export async function download(attachment: Attachment) {
  const url = await apiBlobUrl(downloadPath(attachment));
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
