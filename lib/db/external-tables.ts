import type { DatabaseProvider } from "./database-url.ts";

/**
 * Tables created by hand-written SQL that Prisma does not model: the full-text index of chat
 * messages (SQLite: the FTS5 table and its shadow tables; PostgreSQL: a tsvector column with a GIN
 * index, kept by a trigger), and the Logs page's session list kept by triggers on hook_events
 * (hook_sessions) and its search index (SQLite: hook_events_fts, trigram). Schema diffs must ignore them, or every new migration would drop them.
 */
export const EXTERNAL_TABLES: Record<DatabaseProvider, string[]> = {
  sqlite: [
    "chat_messages_fts",
    "chat_messages_fts_config",
    "chat_messages_fts_data",
    "chat_messages_fts_docsize",
    "chat_messages_fts_idx",
    "hook_sessions",
    "hook_events_fts",
    "hook_events_fts_config",
    "hook_events_fts_data",
    "hook_events_fts_docsize",
    "hook_events_fts_idx",
    "hook_events_fts_state",
  ],
  postgresql: ["public.chat_messages_search", "public.hook_sessions"],
};
