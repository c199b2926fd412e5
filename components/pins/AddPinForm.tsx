"use client";

import { useState, type FormEvent } from "react";
import { useAddPin } from "@/components/api/pins-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/** Paste a local path (any worktree or subdirectory of a repository) and an optional label. */
export function AddPinForm({ onPinned }: { onPinned: (repoId: string) => void }) {
  const [path, setPath] = useState("");
  const [label, setLabel] = useState("");
  const addPin = useAddPin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    addPin.mutate(
      { path: path.trim(), label },
      {
        onSuccess: ({ pin }) => {
          setPath("");
          setLabel("");
          onPinned(pin.repoId);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-2" data-testid="add-pin-form">
      <input
        data-testid="pin-path-input"
        value={path}
        onChange={(event) => setPath(event.target.value)}
        placeholder="/absolute/path/to/repo"
        aria-label="Repository path"
        className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
      />
      <div className="flex gap-2">
        <input
          data-testid="pin-label-input"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          placeholder="Label (optional)"
          aria-label="Label"
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-xs dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button
          type="submit"
          data-testid="pin-submit"
          disabled={addPin.isPending || path.trim() === ""}
          className="rounded-md bg-emerald-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-emerald-700 disabled:opacity-50"
        >
          {addPin.isPending ? "Pinning…" : "Pin"}
        </button>
      </div>
      {addPin.error ? <ErrorNotice error={addPin.error} testId="pin-error" /> : null}
    </form>
  );
}
