"use client";

import type { ReactNode } from "react";
import type { NewWorktreeOptions } from "@/lib/worktrees/worktree-types.ts";
import { useNewWorktreeOptions } from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/**
 * A create dialog's body: its heading, then its fields once the repository's branches, naming rule
 * and setup are read (until then, what is happening or what went wrong, and a way out).
 */
export function WorktreeOptionsStep(props: {
  repoId: string;
  heading: string;
  headingId: string;
  onCancel: () => void;
  children: (options: NewWorktreeOptions) => ReactNode;
}) {
  const options = useNewWorktreeOptions(props.repoId, true);
  return (
    <div className="p-4">
      <h2 id={props.headingId} className="mb-3 text-sm font-semibold">
        {props.heading}
      </h2>
      {options.error ? <ErrorNotice error={options.error} /> : null}
      {options.data ? (
        props.children(options.data)
      ) : options.isPending ? (
        <p className="text-xs text-zinc-500">Reading the repository's branches…</p>
      ) : null}
      {options.data ? null : (
        <div className="mt-3 flex justify-end">
          <Button onClick={props.onCancel}>Cancel</Button>
        </div>
      )}
    </div>
  );
}
