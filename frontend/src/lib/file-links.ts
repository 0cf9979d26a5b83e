/**
 * Presigned links to stored files (documents, PDFs of devis and factures). The storage's answer
 * (its Content-Disposition) decides whether the browser saves or shows the file: the link may be of
 * another origin (S3), where an anchor's `download` attribute is ignored.
 */

/** How the file's answer asks the browser to treat it: show it (`inline`) or save it (`attachment`). */
export type FileDisposition = 'inline' | 'attachment';

/** Saves the file behind a link whose answer says `attachment`: the page stays where it is. */
export function saveFromLink(url: string): void {
  const link = window.document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
}

/** A new tab waiting for the address of what it will show. */
export interface PendingTab {
  /** Loads the link in the tab (or in a new one when the browser refused to open it earlier). */
  show: (url: string) => void;
  /** Closes the tab: nothing to show after all. */
  close: () => void;
}

/**
 * Opens a blank tab now, during the click, so that no popup blocker (phones included) stops it
 * while its link is being asked for; the tab does not keep a handle on this page.
 */
export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  if (tab !== null) tab.opener = null;
  return {
    show: (url) => {
      if (tab === null) window.open(url, '_blank', 'noopener');
      else tab.location.href = url;
    },
    close: () => tab?.close(),
  };
}
