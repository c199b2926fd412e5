import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { listLedgerEntries } from "@/lib/ledger/list-entries.ts";
import type { LedgerEntryView } from "@/lib/ledger/ledger-types.ts";

/**
 * The whole conversation as Markdown: the worktree's decisions and tasks (the ledger, closed ones
 * too), the latest summary, then every message (archived ones too).
 */
export async function exportSessionMarkdown(
  db: Db,
  input: { sessionId: string },
): Promise<{ fileName: string; markdown: string }> {
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId }, include: { repo: true } });
  if (!session) throw new AppError("not_found", "That conversation does not exist.");
  const [summaries, messages, ledger] = await Promise.all([
    db.chatSummary.findMany({ where: { sessionId: session.id }, orderBy: { id: "asc" } }),
    db.chatMessage.findMany({ where: { sessionId: session.id }, orderBy: { id: "asc" } }),
    listLedgerEntries(db, { repoId: session.repoId, worktreePath: session.worktreePath, status: "all", limit: 1000 }),
  ]);
  const lines = [
    `# ${session.repo.name} — ${session.branchName ?? "detached"}`,
    "",
    `- Worktree: \`${session.worktreePath}\``,
    `- Session: ${session.id} (${session.status})`,
    `- Exported: ${new Date().toISOString()}`,
    "",
  ];
  lines.push(...formatLedger(ledger));
  const latest = summaries.at(-1);
  if (latest) {
    lines.push(
      `## Latest summary (#${latest.id}, covers messages up to #${latest.coveredUntilMessageId})`,
      "",
      latest.summaryMarkdown.replace(/^## /gm, "### "),
      "",
    );
  }
  lines.push("## Conversation", "");
  for (const message of messages) {
    const flags = [
      message.status !== "complete" ? message.status : null,
      message.archivedAt ? "archived" : null,
    ].filter(Boolean);
    lines.push(
      `### ${message.role} #${message.id} — ${message.createdAt.toISOString()}${flags.length ? ` (${flags.join(", ")})` : ""}`,
      "",
      message.content,
      "",
    );
  }
  const safeBranch = (session.branchName ?? "detached").replace(/[^A-Za-z0-9._-]+/g, "-");
  return { fileName: `arbor-${safeBranch}-${session.id.slice(0, 8)}.md`, markdown: lines.join("\n") };
}

/** "## Decisions and tasks": in force and open first, then closed ones with their status, oldest first. */
function formatLedger(entries: LedgerEntryView[]): string[] {
  const lines = ["## Decisions and tasks", ""];
  if (entries.length === 0) return [...lines, "None recorded for this worktree.", ""];
  const byAge = [...entries].sort((a, b) => a.id - b.id);
  const groups: Array<[string, LedgerEntryView[]]> = [
    ["Decisions in force", byAge.filter((entry) => entry.kind === "decision" && entry.status === "open")],
    ["Open tasks", byAge.filter((entry) => entry.kind === "task" && entry.status === "open")],
    ["Proposed, not confirmed", byAge.filter((entry) => entry.status === "proposed")],
    ["Closed", byAge.filter((entry) => entry.status !== "open" && entry.status !== "proposed")],
  ];
  for (const [title, group] of groups) {
    if (group.length === 0) continue;
    lines.push(`### ${title}`, "");
    for (const entry of group) {
      const status = entry.status === "open" ? "" : ` — ${entry.status}`;
      const source = entry.messageId !== null ? `, message #${entry.messageId}` : "";
      lines.push(
        `- L${entry.id} (${entry.kind}, ${entry.scope}, ${entry.origin}${source}${status}): ${entry.text.replace(/\s+/g, " ")}`,
      );
    }
    lines.push("");
  }
  return lines;
}
