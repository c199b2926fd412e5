"use client";

import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/FormFields.tsx";

/** One policy as a labelled switch with what it does under it. */
export function PolicySwitch(props: {
  testId: string;
  label: string;
  hint: ReactNode;
  isOn: boolean;
  onChange: (next: boolean) => void;
  note?: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 py-1.5">
      <Checkbox
        role="switch"
        data-testid={props.testId}
        checked={props.isOn}
        aria-checked={props.isOn}
        onChange={(event) => props.onChange(event.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0"
      />
      <span className="min-w-0">
        <span className="block text-sm font-medium">{props.label}</span>
        <span className="block text-xs text-zinc-500">{props.hint}</span>
        {props.note ? (
          <span className="mt-0.5 block text-xs text-amber-700 dark:text-amber-400">{props.note}</span>
        ) : null}
      </span>
    </label>
  );
}
