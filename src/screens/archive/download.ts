/**
 * Saving an export as a file: the browser adapter makes a Blob and clicks a temporary download
 * link; tests pass a fake that records what would have been saved.
 */

/** Saves `text` as a file called `name` of type `mime`. */
export type Download = (name: string, mime: string, text: string) => void;

/** The browser's download: a Blob URL on a temporary `<a download>` link. */
export const browserDownload: Download = (name, mime, text) => {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke on the next turn: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
