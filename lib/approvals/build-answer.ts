import type { PermissionAnswer } from "@/lib/agent/control-messages.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { ApprovalKind, ApprovalStatus, ToolRule } from "@/lib/realtime/approval-view.ts";
import type { ApprovalDecision } from "./approval-types.ts";

/** What answering a request does: the reply to the CLI, the rules to save, and how it reads afterwards. */
export interface BuiltAnswer {
  reply: PermissionAnswer;
  status: Extract<ApprovalStatus, "allowed" | "denied">;
  rulesToSave: ToolRule[];
  outcome: string;
}

/**
 * Turns the user's decision into the CLI's answer (pure). Refuses a decision that does not fit the
 * request (answers for a tool request, a missing answer to one of several questions, bypass in an
 * untrusted repository) with AppError invalid_input, so nothing is sent.
 */
export function buildAnswer(input: {
  kind: ApprovalKind;
  toolName: string;
  toolInput: Record<string, unknown>;
  alwaysRules: ToolRule[] | null;
  decision: ApprovalDecision;
  isTrusted: boolean;
}): BuiltAnswer {
  const { decision } = input;
  const allow = (outcome: string, extra: Partial<Extract<PermissionAnswer, { behavior: "allow" }>> = {}) => ({
    reply: { behavior: "allow" as const, updatedInput: input.toolInput, ...extra },
    status: "allowed" as const,
    rulesToSave: [] as ToolRule[],
    outcome,
  });
  switch (decision.action) {
    case "deny":
      return {
        reply: { behavior: "deny", message: decision.message || "The user denied this." },
        status: "denied",
        rulesToSave: [],
        outcome: decision.message ? `Denied: ${decision.message}` : "Denied",
      };
    case "allow_once":
      requireKind(input.kind, ["tool"], "Allow once");
      return allow("Allowed once");
    case "allow_always": {
      requireKind(input.kind, ["tool"], "Allow always");
      if (!input.alwaysRules)
        throw new AppError("invalid_input", `"Allow always" is not offered for ${input.toolName}.`);
      const rules = input.alwaysRules;
      return {
        ...allow(`Always allowed (${SCOPE_LABELS[decision.scope]})`, {
          // The rest of this run stops asking too; later runs get the saved rules.
          updatedPermissions: [
            { type: "addRules", rules: rules.map(toCliRule), behavior: "allow", destination: "session" },
          ],
        }),
        rulesToSave: rules,
      };
    }
    case "answer": {
      requireKind(input.kind, ["question"], "Answers");
      const questions = readQuestions(input.toolInput);
      const missing = questions.filter((question) => !decision.answers[question]);
      if (missing.length > 0)
        throw new AppError("invalid_input", `Answer every question first: ${missing.join("; ")}.`);
      const answers = Object.fromEntries(questions.map((question) => [question, decision.answers[question]!]));
      return {
        ...allow("Answered", { updatedInput: { ...input.toolInput, answers } }),
        outcome: `Answered: ${Object.values(answers).join("; ")}`,
      };
    }
    case "approve_plan":
      requireKind(input.kind, ["plan"], "Approving a plan");
      if (decision.mode === "bypassPermissions" && !input.isTrusted) {
        throw new AppError(
          "invalid_input",
          "Bypass is only available in a trusted repository. Trust the repository first, or continue in Ask or Accept edits.",
        );
      }
      return allow(`Plan approved; continuing in ${MODE_LABELS[decision.mode]}`, {
        updatedPermissions: [{ type: "setMode", mode: decision.mode, destination: "session" }],
      });
    case "keep_planning":
      requireKind(input.kind, ["plan"], "Keep planning");
      return {
        reply: { behavior: "deny", message: `Keep planning. The user's feedback: ${decision.feedback}` },
        status: "denied",
        rulesToSave: [],
        outcome: `Keep planning: ${decision.feedback}`,
      };
  }
}

export const SCOPE_LABELS = {
  worktree: "this worktree",
  repo: "this repository",
  global: "everywhere in Arbor",
} as const;
export const MODE_LABELS = {
  default: "Ask",
  acceptEdits: "Accept edits",
  plan: "Plan",
  bypassPermissions: "Bypass",
} as const;

/** The questions of an AskUserQuestion input, by their text. */
export function readQuestions(toolInput: Record<string, unknown>): string[] {
  const questions = Array.isArray(toolInput.questions) ? toolInput.questions : [];
  return questions.flatMap((item) => {
    const question = (item as { question?: unknown }).question;
    return typeof question === "string" && question.trim() ? [question] : [];
  });
}

function toCliRule(rule: ToolRule): { toolName: string; ruleContent?: string } {
  return rule.ruleContent === null
    ? { toolName: rule.toolName }
    : { toolName: rule.toolName, ruleContent: rule.ruleContent };
}

function requireKind(kind: ApprovalKind, allowed: ApprovalKind[], what: string): void {
  if (!allowed.includes(kind))
    throw new AppError("invalid_input", `${what} does not apply to this request (a ${kind} request).`);
}
