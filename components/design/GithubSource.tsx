"use client";

import { useState, type FormEvent } from "react";
import { useTreeFromIssue } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";
import type { DesignTree } from "@/lib/design/types.ts";

/** Option B: a GitHub issue becomes the root and its sub-issues its children (through the gh CLI). */
export function GithubSource(props: { planId: string; onLoaded: (tree: DesignTree, note: string) => void }) {
  const [issue, setIssue] = useState("");
  const fromIssue = useTreeFromIssue();
  const issueNumber = Number.parseInt(issue, 10);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fromIssue.mutate(
      { planId: props.planId, issueNumber },
      {
        onSuccess: (tree) =>
          props.onLoaded(
            tree,
            `Issue #${issueNumber} and its sub-issues are loaded into the editor. Review them; nothing is saved until you save.`,
          ),
      },
    );
  };
  return (
    <form onSubmit={submit} className="max-w-md space-y-3" data-testid="github-source">
      <label className="block text-xs font-medium">
        Issue number
        <TextInput
          data-testid="github-issue"
          inputMode="numeric"
          value={issue}
          onChange={(event) => setIssue(event.target.value)}
          placeholder="42"
          className="mt-1 w-full"
        />
      </label>
      <Button
        type="submit"
        variant="primary"
        size="lg"
        data-testid="github-load"
        disabled={!(issueNumber > 0) || fromIssue.isPending}
      >
        {fromIssue.isPending ? "Reading the issue…" : "Load the issue"}
      </Button>
      {fromIssue.error ? <ErrorNotice error={fromIssue.error} testId="github-error" /> : null}
    </form>
  );
}
