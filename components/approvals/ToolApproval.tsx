"use client";

import { Button } from "@/components/ui/Button.tsx";
import { Kbd } from "@/components/ui/Kbd.tsx";
import { AllowAlwaysChooser } from "./AllowAlwaysChooser.tsx";
import type { AnswerProps } from "./ApprovalCard.tsx";
import { FileChangeDiff } from "./FileChangeDiff.tsx";
import { MessageForm } from "./MessageForm.tsx";
import { ToolRequestInput } from "./ToolRequestInput.tsx";
import { useApprovalKeys } from "./use-approval-keys.ts";
import { useCardState } from "./use-card-state.ts";

type Step = "choose" | "always" | "deny";

/** A tool Claude wants to use: what it would do, why it asks, and Allow once / Allow always / Deny. */
export function ToolApproval({ approval, isActive, isBusy, answer }: AnswerProps) {
  const [step, setStep] = useCardState<Step>(approval.id, "step", "choose");
  useApprovalKeys({
    isActive: isActive && step !== "deny",
    keys: { a: () => !isBusy && answer({ action: "allow_once" }), d: () => setStep("deny") },
  });
  return (
    <div data-testid="tool-approval">
      {approval.preview ? (
        <FileChangeDiff preview={approval.preview} worktreePath={approval.worktreePath} />
      ) : (
        <ToolRequestInput toolName={approval.toolName} input={approval.input} />
      )}
      {approval.reason ? (
        <p className="mt-1.5 text-[11px] text-zinc-500" data-testid="approval-reason">
          Claude Code asks because: {approval.reason}
        </p>
      ) : null}
      {step === "choose" ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button
            variant="primary"
            size="md"
            disabled={isBusy}
            aria-keyshortcuts="a"
            data-testid="approval-allow-once"
            onClick={() => answer({ action: "allow_once" })}
          >
            Allow once
            <Kbd>A</Kbd>
          </Button>
          {approval.alwaysRules ? (
            <Button size="md" disabled={isBusy} data-testid="approval-allow-always" onClick={() => setStep("always")}>
              Allow always…
            </Button>
          ) : null}
          <Button
            size="md"
            disabled={isBusy}
            aria-keyshortcuts="d"
            data-testid="approval-deny"
            onClick={() => setStep("deny")}
            className="text-red-700 dark:text-red-400"
          >
            Deny…
            <Kbd>D</Kbd>
          </Button>
        </div>
      ) : null}
      {step === "always" && approval.alwaysRules ? (
        <AllowAlwaysChooser
          rules={approval.alwaysRules}
          isBusy={isBusy}
          onChoose={(scope) => answer({ action: "allow_always", scope })}
          onCancel={() => setStep("choose")}
        />
      ) : null}
      {step === "deny" ? (
        <MessageForm
          label="Deny, and tell Claude why (optional: Claude reads this and can try another way)"
          placeholder="e.g. Don't touch the lock file; use npm ci instead."
          submitLabel="Deny"
          isRequired={false}
          isBusy={isBusy}
          testId="approval-deny-form"
          approvalId={approval.id}
          onSubmit={(message) => answer(message ? { action: "deny", message } : { action: "deny" })}
          onCancel={() => setStep("choose")}
        />
      ) : null}
    </div>
  );
}
