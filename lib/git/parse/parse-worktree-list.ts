/** One record of `git worktree list --porcelain -z`, before any per-worktree status is read. */
export interface WorktreeListEntry {
  /** Absolute path exactly as git reports it. */
  path: string;
  /** HEAD commit id, or null for a bare entry or an unborn branch. */
  head: string | null;
  /** Short branch name (`refs/heads/` removed), or null when detached or bare. */
  branch: string | null;
  isBare: boolean;
  isDetached: boolean;
  isLocked: boolean;
  lockReason: string | null;
  isPrunable: boolean;
  prunableReason: string | null;
}

const BRANCH_PREFIX = "refs/heads/";
const ZERO_OID = /^0+$/;

/**
 * Parses the NUL-separated output of `git worktree list --porcelain -z`. Every attribute ends
 * with NUL and an empty attribute ends a record, so paths and lock reasons may hold spaces,
 * newlines or any other byte git allows. The first entry is always the main worktree.
 */
export function parseWorktreeList(output: string): WorktreeListEntry[] {
  const entries: WorktreeListEntry[] = [];
  let current: WorktreeListEntry | null = null;
  for (const field of output.split("\0")) {
    if (field === "") {
      if (current) entries.push(current);
      current = null;
      continue;
    }
    const { key, value } = splitField(field);
    if (key === "worktree") {
      if (current) entries.push(current);
      current = createEntry(value ?? "");
    } else if (current) {
      applyField({ entry: current, key, value });
    }
  }
  if (current) entries.push(current);
  return entries;
}

function createEntry(path: string): WorktreeListEntry {
  return {
    path,
    head: null,
    branch: null,
    isBare: false,
    isDetached: false,
    isLocked: false,
    lockReason: null,
    isPrunable: false,
    prunableReason: null,
  };
}

function splitField(field: string): { key: string; value: string | null } {
  const space = field.indexOf(" ");
  return space === -1 ? { key: field, value: null } : { key: field.slice(0, space), value: field.slice(space + 1) };
}

function applyField({ entry, key, value }: { entry: WorktreeListEntry; key: string; value: string | null }): void {
  switch (key) {
    case "HEAD":
      entry.head = value && !ZERO_OID.test(value) ? value : null;
      break;
    case "branch":
      entry.branch = value?.startsWith(BRANCH_PREFIX) ? value.slice(BRANCH_PREFIX.length) : value;
      break;
    case "bare":
      entry.isBare = true;
      break;
    case "detached":
      entry.isDetached = true;
      break;
    case "locked":
      entry.isLocked = true;
      entry.lockReason = value || null;
      break;
    case "prunable":
      entry.isPrunable = true;
      entry.prunableReason = value || null;
      break;
    // Unknown attributes from newer git versions are ignored on purpose.
  }
}
