import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";

export interface SearchHit {
  messageId: number;
  sessionId: string;
  worktreePath: string;
  role: string;
  snippet: string;
  createdAt: string;
  isArchived: boolean;
}

/**
 * Full-text search (SQLite FTS5) across every conversation of a repository, archived
 * messages included. The user's words are quoted as terms, so FTS syntax in a query can
 * neither fail nor change the meaning.
 */
export async function searchMessages(
  db: Db,
  input: { repoId: string; query: string; limit?: number },
): Promise<SearchHit[]> {
  const terms = input.query.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (terms.length === 0) throw new AppError("invalid_input", "Type at least one word to search for.");
  const match = terms
    .slice(0, 16)
    .map((term) => `"${term}"`)
    .join(" ");
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const rows = await db.$queryRawUnsafe<
    Array<{
      id: bigint | number;
      session_id: string;
      worktree_path: string;
      role: string;
      snippet: string;
      created_at: string | Date;
      archived_at: unknown;
    }>
  >(
    `SELECT m.id, m.session_id, s.worktree_path, m.role, m.created_at, m.archived_at,
            snippet(chat_messages_fts, 0, '[', ']', '…', 12) AS snippet
       FROM chat_messages_fts
       JOIN chat_messages m ON m.id = chat_messages_fts.rowid
       JOIN chat_sessions s ON s.id = m.session_id
      WHERE chat_messages_fts MATCH ? AND s.repo_id = ?
      ORDER BY rank
      LIMIT ?`,
    match,
    input.repoId,
    limit,
  );
  return rows.map((row) => ({
    messageId: Number(row.id),
    sessionId: row.session_id,
    worktreePath: row.worktree_path,
    role: row.role,
    snippet: row.snippet,
    createdAt: new Date(row.created_at).toISOString(),
    isArchived: row.archived_at !== null,
  }));
}
