"use client";

import { useState, type FormEvent } from "react";

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
        <input
          type="number"
          min={0}
          max={10_000}
          value={keep}
          onChange={(event) => setKeep(event.target.value)}
          data-testid="lighten-keep"
          aria-label="Messages to keep"
          className="w-16 rounded border border-zinc-300 bg-white px-1.5 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
        />
        messages; archive the older ones the summary covers.
      </label>
      <button
        type="submit"
        data-testid="lighten-confirm"
        disabled={!isValid || props.isPending}
        className="rounded-md bg-emerald-600 px-2 py-0.5 font-medium text-white hover:bg-emerald-700 disabled:opacity-50"
      >
        {props.isPending ? "Archiving…" : "Archive older"}
      </button>
      <button
        type="button"
        data-testid="lighten-cancel"
        onClick={props.onCancel}
        className="rounded-md border border-zinc-300 px-2 py-0.5 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        Cancel
      </button>
    </form>
  );
}
