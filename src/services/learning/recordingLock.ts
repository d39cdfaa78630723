/**
 * One tab at a time counts study time for this browser (the Web Locks API): a second player waits
 * and says so, and takes over when the first closes. The server refuses time counted twice anyway;
 * this keeps the second tab from sending what will be refused. Without the API every tab holds it.
 */
const LOCK_NAME = 'xuetu-study-time';
/** How long a request may wait before the tab says another one is recording. */
const BUSY_AFTER_MS = 300;

export function holdRecordingLock(onChange: (held: boolean) => void): () => void {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) {
    onChange(true);
    return () => {};
  }
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let granted = false;
  const busy = setTimeout(() => !granted && onChange(false), BUSY_AFTER_MS);
  locks
    .request(LOCK_NAME, async () => {
      granted = true;
      clearTimeout(busy);
      onChange(true);
      await released;
    })
    .catch(() => onChange(true));
  return () => {
    clearTimeout(busy);
    release();
  };
}
