import type { PermissionDenial } from "@/lib/agent/stream/stream-event.ts";

/** A tool the CLI reports as refused; `byUser` when the user said Deny on its card (with their reason). */
export type RunDenial = PermissionDenial & { byUser?: { message: string | null } };

/** A run's approval the user answered with Deny, as stored (`answer` is the decision as given, JSON). */
export interface DeniedApproval {
  toolUseId: string | null;
  toolName: string;
  input: string;
  answer: string | null;
}

/**
 * Marks the run's refused tools that the user refused themselves: a decision, not a failure, so the
 * chat shows it as theirs and offers no "Allow and retry" for it. A refusal is matched to its card by
 * the tool use id, else by the tool and its exact input. Pure.
 */
export function markUserDenials(denials: PermissionDenial[], denied: DeniedApproval[]): RunDenial[] {
  const unmatched = [...denied];
  return denials.map((denial) => {
    const index = unmatched.findIndex(
      (approval) =>
        (approval.toolUseId !== null && approval.toolUseId !== "" && approval.toolUseId === denial.toolUseId) ||
        (approval.toolName === denial.toolName && sameInput(approval.input, denial.toolInput)),
    );
    if (index === -1) return denial;
    const [approval] = unmatched.splice(index, 1);
    return { ...denial, byUser: { message: denyMessageOf(approval!.answer) } };
  });
}

function sameInput(stored: string, input: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(stored)) === JSON.stringify(input);
  } catch {
    return false;
  }
}

function denyMessageOf(answer: string | null): string | null {
  try {
    const message = (JSON.parse(answer ?? "null") as { decision?: { message?: unknown } } | null)?.decision?.message;
    return typeof message === "string" && message.trim() !== "" ? message.trim() : null;
  } catch {
    return null;
  }
}
