-- Substring search over hook events for the Logs page (summary, session id, tool name), as the
-- page's search box means it: an FTS5 trigram index, contentless (the text is in hook_events).
-- The three fields are joined by a newline, which no query contains, so a match never spans two
-- of them. New events are indexed in batches shortly after they are stored, and before any search
-- (lib/hook-capture/search-index.ts: a trigger per insert made each small commit twice as
-- costly); hook_events_fts_state says how far. Deletes and edits of indexed events are followed
-- by triggers. Hand-written; listed in lib/db/external-tables.ts. PostgreSQL keeps its ILIKE scan.
CREATE VIRTUAL TABLE "hook_events_fts" USING fts5(text, content='', contentless_delete=1, tokenize='trigram');
CREATE TABLE "hook_events_fts_state" (
    "id" INTEGER NOT NULL PRIMARY KEY CHECK ("id" = 1),
    "indexed_through" INTEGER NOT NULL
);

INSERT INTO "hook_events_fts"(rowid, text)
SELECT "id", "summary" || char(10) || "session_id" || char(10) || coalesce("tool_name", '') FROM "hook_events";
INSERT INTO "hook_events_fts_state" ("id", "indexed_through") VALUES (1, coalesce((SELECT max("id") FROM "hook_events"), 0));

CREATE TRIGGER "hook_events_fts_delete" AFTER DELETE ON "hook_events"
WHEN old."id" <= (SELECT "indexed_through" FROM "hook_events_fts_state") BEGIN
  DELETE FROM "hook_events_fts" WHERE rowid = old."id";
END;
CREATE TRIGGER "hook_events_fts_update" AFTER UPDATE OF "summary", "session_id", "tool_name" ON "hook_events"
WHEN old."id" <= (SELECT "indexed_through" FROM "hook_events_fts_state") BEGIN
  DELETE FROM "hook_events_fts" WHERE rowid = old."id";
  INSERT INTO "hook_events_fts"(rowid, text)
  VALUES (new."id", new."summary" || char(10) || new."session_id" || char(10) || coalesce(new."tool_name", ''));
END;
