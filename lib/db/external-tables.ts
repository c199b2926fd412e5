/**
 * Tables created by hand-written SQL that Prisma does not model (the FTS5 index and its shadow
 * tables). Schema diffs must ignore them, or every new migration would drop them.
 */
export const EXTERNAL_TABLES = [
  "chat_messages_fts",
  "chat_messages_fts_config",
  "chat_messages_fts_data",
  "chat_messages_fts_docsize",
  "chat_messages_fts_idx",
];
