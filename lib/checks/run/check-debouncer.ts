/** What one automatic run of a worktree's checks was asked for. */
export interface CheckRequest<Finished> {
  /** Only edits seen by the file watcher asked: run only if the files changed, and never during a Claude run. */
  isEditOnly: boolean;
  isBusy: () => boolean;
  /** Told the results (a Claude run's auto-fix); kept from whichever request had one. */
  onFinished: Finished | undefined;
}

/** A run waiting for its worktree to stay quiet. */
export interface PendingCheckRun<Finished> extends CheckRequest<Finished> {
  timer: NodeJS.Timeout;
}

/**
 * One pending run per key: a later request restarts the wait with its own delay and keeps what
 * either asked for (a Claude run's unconditional run and its auto-fix are never lost to an edit
 * seen in the same quiet period). `fire` gets the merged request once the key stayed quiet.
 */
export function debounceCheckRun<Finished>(input: {
  pending: Map<string, PendingCheckRun<Finished>>;
  key: string;
  request: CheckRequest<Finished>;
  delayMs: number;
  fire: (request: CheckRequest<Finished>) => void;
}): void {
  const { pending, key } = input;
  const previous = pending.get(key);
  clearTimeout(previous?.timer);
  const merged: CheckRequest<Finished> = {
    isEditOnly: input.request.isEditOnly && (previous?.isEditOnly ?? true),
    isBusy: input.request.isBusy,
    onFinished: input.request.onFinished ?? previous?.onFinished,
  };
  const timer = setTimeout(() => {
    pending.delete(key);
    input.fire(merged);
  }, input.delayMs);
  timer.unref();
  pending.set(key, { ...merged, timer });
}

/** Drops the pending run of `key`, if any. */
export function cancelCheckRun(pending: Map<string, PendingCheckRun<unknown>>, key: string): void {
  clearTimeout(pending.get(key)?.timer);
  pending.delete(key);
}
