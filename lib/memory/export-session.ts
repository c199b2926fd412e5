import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/** The whole conversation as Markdown: summaries first, then every message (archived ones too). */
export async function exportSessionMarkdown(
  db: Db,
  input: { sessionId: string },
): Promise<{ fileName: string; markdown: string }> {
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId }, include: { repo: true } });
  if (!session) throw new AppError("not_found", "That conversation does not exist.");
  const [summaries, messages] = await Promise.all([
    db.chatSummary.findMany({ where: { sessionId: session.id }, orderBy: { id: "asc" } }),
    db.chatMessage.findMany({ where: { sessionId: session.id }, orderBy: { id: "asc" } }),
  ]);
  const lines = [
    `# ${session.repo.name} — ${session.branchName ?? "detached"}`,
    "",
    `- Worktree: \`${session.worktreePath}\``,
    `- Session: ${session.id} (${session.status})`,
    `- Exported: ${new Date().toISOString()}`,
    "",
  ];
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
