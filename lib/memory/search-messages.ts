import { providerOf, type Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { SearchHit } from "./search-hit.ts";

type HitRow = {
  id: bigint | number;
  session_id: string;
  worktree_path: string;
  role: string;
  snippet: string;
  created_at: string | Date;
  archived_at: unknown;
};

/**
 * Full-text search across every conversation of a repository, archived messages included: SQLite's
 * FTS5 table, or PostgreSQL's tsvector column with its GIN index (both kept by triggers). The
 * user's words are searched as plain terms (all must occur), so search syntax in a query can
 * neither fail nor change the meaning.
 */
export async function searchMessages(
  db: Db,
  input: { repoId: string; query: string; limit?: number },
): Promise<SearchHit[]> {
  const terms = input.query.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (terms.length === 0) throw new AppError("invalid_input", "Type at least one word to search for.");
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const rows =
    providerOf(db) === "sqlite"
      ? await searchSqlite(db, { terms: terms.slice(0, 16), repoId: input.repoId, limit })
      : await searchPostgres(db, { terms: terms.slice(0, 16), repoId: input.repoId, limit });
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

type SearchInput = { terms: string[]; repoId: string; limit: number };

function searchSqlite(db: Db, input: SearchInput): Promise<HitRow[]> {
  const match = input.terms.map((term) => `"${term}"`).join(" ");
  return db.$queryRaw<HitRow[]>`
    SELECT m.id, m.session_id, s.worktree_path, m.role, m.created_at, m.archived_at,
           snippet(chat_messages_fts, 0, '[', ']', '…', 12) AS snippet
      FROM chat_messages_fts
      JOIN chat_messages m ON m.id = chat_messages_fts.rowid
      JOIN chat_sessions s ON s.id = m.session_id
     WHERE chat_messages_fts MATCH ${match} AND s.repo_id = ${input.repoId}
     ORDER BY rank
     LIMIT ${input.limit}`;
}

/**
 * plainto_tsquery ANDs the words, as FTS5 does for quoted terms; the headline (the costly part)
 * is built only for the rows the limit keeps.
 */
function searchPostgres(db: Db, input: SearchInput): Promise<HitRow[]> {
  return db.$queryRaw<HitRow[]>`
    SELECT hit.id, hit.session_id, hit.worktree_path, hit.role, hit.created_at, hit.archived_at,
           ts_headline('simple', hit.content, hit.query,
                       'StartSel=[, StopSel=], MaxWords=12, MinWords=4, MaxFragments=1, FragmentDelimiter=…') AS snippet
      FROM (SELECT m.id, m.session_id, s.worktree_path, m.role, m.created_at, m.archived_at, m.content, q.query,
                   ts_rank(f.document, q.query) AS rank
              FROM plainto_tsquery('simple', ${input.terms.join(" ")}) AS q(query)
              JOIN chat_messages_search f ON f.document @@ q.query
              JOIN chat_messages m ON m.id = f.message_id
              JOIN chat_sessions s ON s.id = m.session_id
             WHERE s.repo_id = ${input.repoId}
             ORDER BY rank DESC, m.id DESC
             LIMIT ${input.limit}) AS hit
     ORDER BY hit.rank DESC, hit.id DESC`;
}
