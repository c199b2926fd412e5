"use client";

import { Checkbox } from "@/components/ui/FormFields.tsx";
import type { DiffHunk } from "@/lib/git/change-types.ts";
import { hunkId } from "@/lib/git/parse/hunk-id.ts";

/** "Commit only some hunks": one checkbox per hunk; all checked means the whole file. */
export function HunkPicker(props: {
  hunks: DiffHunk[];
  picked: readonly string[] | null;
  onChange: (picked: string[] | null) => void;
}) {
  const ids = props.hunks.map(hunkId);
  const isPicked = (id: string) => props.picked === null || props.picked.includes(id);
  const toggle = (id: string, isChecked: boolean) => {
    const next = ids.filter((candidate) => (candidate === id ? isChecked : isPicked(candidate)));
    props.onChange(next.length === ids.length ? null : next);
  };
  return (
    <fieldset data-testid="hunk-picker" className="flex flex-col gap-0.5 text-[11px]">
      <legend className="text-zinc-500">Hunks to commit</legend>
      {props.hunks.map((hunk, index) => (
        <label key={ids[index]} className="flex items-center gap-2 font-mono">
          <Checkbox
            data-testid="hunk-pick"
            checked={isPicked(ids[index]!)}
            onChange={(event) => toggle(ids[index]!, event.target.checked)}
          />
          @@ -{hunk.oldStart},{hunk.oldLines} +{hunk.newStart},{hunk.newLines} @@ {hunk.section}
        </label>
      ))}
    </fieldset>
  );
}
