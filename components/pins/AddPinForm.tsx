"use client";

import { useState, type FormEvent } from "react";
import type { TrustStatus } from "@/lib/trust/trust-types.ts";
import { useAddPin } from "@/components/api/pins-api.ts";
import { useSeedTrust } from "@/components/api/trust-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";

/** Paste a local path (any worktree or subdirectory of a repository) and an optional label. */
export function AddPinForm({ onPinned }: { onPinned: (repoId: string, trust: TrustStatus) => void }) {
  const [path, setPath] = useState("");
  const [label, setLabel] = useState("");
  const addPin = useAddPin();
  const seedTrust = useSeedTrust();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    addPin.mutate(
      { path: path.trim(), label },
      {
        onSuccess: ({ pin, trust }) => {
          setPath("");
          setLabel("");
          seedTrust(trust);
          onPinned(pin.repoId, trust.status);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-2" data-testid="add-pin-form">
      <TextInput
        data-testid="pin-path-input"
        value={path}
        onChange={(event) => setPath(event.target.value)}
        placeholder="/absolute/path/to/repo"
        aria-label="Repository path"
        className="w-full font-mono"
      />
      <div className="flex gap-2">
        <TextInput
          data-testid="pin-label-input"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          placeholder="Label (optional)"
          aria-label="Label"
          className="min-w-0 flex-1"
        />
        <Button
          type="submit"
          variant="primary"
          size="lg"
          data-testid="pin-submit"
          disabled={addPin.isPending || path.trim() === ""}
        >
          {addPin.isPending ? "Pinning…" : "Pin"}
        </Button>
      </div>
      {addPin.error ? <ErrorNotice error={addPin.error} testId="pin-error" /> : null}
    </form>
  );
}
