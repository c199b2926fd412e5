"use client";

import type { NewWorktreeOptions } from "@/lib/worktrees/worktree-types.ts";
import { Select } from "@/components/ui/FormFields.tsx";
import { visibleName } from "@/components/ui/VisibleName.tsx";

/** "Start from": the branch a new worktree's branch is made from; the default branch is marked. */
export function BaseBranchSelect(props: {
  id: string;
  options: NewWorktreeOptions;
  value: string;
  onChange: (branch: string) => void;
  testId: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block font-medium">
        Start from
      </label>
      <Select
        id={props.id}
        className="w-full"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.testId}
      >
        {props.options.branches.map((name) => (
          <option key={name} value={name}>
            {visibleName(name)}
            {name === props.options.defaultBranch ? " (default)" : ""}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The branch to propose as the base: the default branch, else the first one git lists. */
export const initialBase = (options: NewWorktreeOptions): string => options.defaultBranch ?? options.branches[0] ?? "";
