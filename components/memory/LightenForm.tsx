"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";

const DEFAULT_KEEP_LAST = 50;

/** Asks how many recent messages to keep before "Lighten" archives the older, summarized ones. */
export function LightenForm(props: {
  isPending: boolean;
  onConfirm: (keepLastN: number) => void;
  onCancel: () => void;
}) {
  const [keep, setKeep] = useState(String(DEFAULT_KEEP_LAST));
  const keepLastN = Number(keep);
  const isValid = keep.trim() !== "" && Number.isInteger(keepLastN) && keepLastN >= 0 && keepLastN <= 10_000;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid) props.onConfirm(keepLastN);
  };

  return (
    <form onSubmit={onSubmit} data-testid="lighten-form" className="flex flex-wrap items-center gap-2 text-xs">
      <label className="flex items-center gap-1.5">
        Keep the last
        <TextInput
          type="number"
          size="sm"
          min={0}
          max={10_000}
          value={keep}
          onChange={(event) => setKeep(event.target.value)}
          data-testid="lighten-keep"
          aria-label="Messages to keep"
          className="w-16"
        />
        messages; archive the older ones the summary covers.
      </label>
      <Button
        type="submit"
        variant="primary"
        size="sm"
        data-testid="lighten-confirm"
        disabled={!isValid || props.isPending}
      >
        {props.isPending ? "Archiving…" : "Archive older"}
      </Button>
      <Button size="sm" data-testid="lighten-cancel" onClick={props.onCancel}>
        Cancel
      </Button>
    </form>
  );
}
