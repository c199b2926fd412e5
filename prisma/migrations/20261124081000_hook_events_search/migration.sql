-- Substring search over hook events for the Logs page (summary, session id, tool name), as the
-- page's search box means it: an FTS5 trigram index, contentless (the text is in hook_events),
-- kept by triggers. The three fields are joined by a newline, which no query contains, so a match
-- never spans two of them. Hand-written; listed in lib/db/external-tables.ts. PostgreSQL keeps
-- its ILIKE scan for now.
CREATE VIRTUAL TABLE "hook_events_fts" USING fts5(text, content='', contentless_delete=1, tokenize='trigram');

INSERT INTO "hook_events_fts"(rowid, text)
SELECT "id", "summary" || char(10) || "session_id" || char(10) || coalesce("tool_name", '') FROM "hook_events";

CREATE TRIGGER "hook_events_fts_insert" AFTER INSERT ON "hook_events" BEGIN
  INSERT INTO "hook_events_fts"(rowid, text)
  VALUES (new."id", new."summary" || char(10) || new."session_id" || char(10) || coalesce(new."tool_name", ''));
END;
CREATE TRIGGER "hook_events_fts_delete" AFTER DELETE ON "hook_events" BEGIN
  DELETE FROM "hook_events_fts" WHERE rowid = old."id";
END;
CREATE TRIGGER "hook_events_fts_update" AFTER UPDATE OF "summary", "session_id", "tool_name" ON "hook_events" BEGIN
  DELETE FROM "hook_events_fts" WHERE rowid = old."id";
  INSERT INTO "hook_events_fts"(rowid, text)
  VALUES (new."id", new."summary" || char(10) || new."session_id" || char(10) || coalesce(new."tool_name", ''));
END;
