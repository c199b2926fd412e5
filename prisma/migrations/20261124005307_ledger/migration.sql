-- AlterTable
ALTER TABLE "transcript_relays" ADD COLUMN "run_id" TEXT;

-- CreateTable
CREATE TABLE "run_prompts" (
    "run_id" TEXT NOT NULL PRIMARY KEY,
    "session_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "run_prompts_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "agent_runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repo_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "scope" TEXT NOT NULL,
    "worktree_path" TEXT,
    "plan_id" TEXT,
    "node_slug" TEXT,
    "origin" TEXT NOT NULL,
    "via" TEXT NOT NULL,
    "session_id" TEXT,
    "message_id" INTEGER,
    "run_id" TEXT,
    "hook_event_id" INTEGER,
    "claude_session_id" TEXT,
    "topic_id" INTEGER,
    "superseded_by_id" INTEGER,
    "origin_key" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "ledger_entries_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ledger_entries_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ledger_events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entry_id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "from_status" TEXT,
    "to_status" TEXT NOT NULL,
    "previous_text" TEXT,
    "evidence" TEXT NOT NULL DEFAULT '[]',
    "note" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_events_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "ledger_entries" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Move the recorder's decisions into the ledger (one store), every row, with its topic and time, and a
-- history event saying where it came from. Only then is the old table dropped.
INSERT INTO "ledger_entries" ("repo_id", "kind", "text", "status", "scope", "origin", "via", "topic_id", "origin_key", "created_at", "updated_at")
SELECT "topics"."repo_id", 'decision', "decisions"."text", 'open', 'repo', 'recorder', 'migration', "decisions"."topic_id",
       'recorder-decision:' || "decisions"."id", "decisions"."created_at", "decisions"."created_at"
  FROM "decisions" JOIN "topics" ON "topics"."id" = "decisions"."topic_id"
 ORDER BY "decisions"."id";
INSERT INTO "ledger_events" ("entry_id", "action", "actor", "to_status", "note", "created_at")
SELECT "id", 'created', 'recorder', 'open', 'Recorded by the conversation recorder before the ledger existed; moved here unchanged.', "created_at"
  FROM "ledger_entries" WHERE "via" = 'migration';

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "decisions";
PRAGMA foreign_keys=on;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_chat_summaries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "session_id" TEXT NOT NULL,
    "summary_markdown" TEXT NOT NULL,
    "covered_until_message_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'model',
    "note" TEXT,
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "check_status" TEXT NOT NULL DEFAULT 'unchecked',
    "check_note" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chat_summaries_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_chat_summaries" ("covered_until_message_id", "created_at", "id", "kind", "message_count", "note", "session_id", "summary_markdown") SELECT "covered_until_message_id", "created_at", "id", "kind", "message_count", "note", "session_id", "summary_markdown" FROM "chat_summaries";
DROP TABLE "chat_summaries";
ALTER TABLE "new_chat_summaries" RENAME TO "chat_summaries";
CREATE INDEX "chat_summaries_session_id_id_idx" ON "chat_summaries"("session_id", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "run_prompts_session_id_created_at_idx" ON "run_prompts"("session_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_origin_key_key" ON "ledger_entries"("origin_key");

-- CreateIndex
CREATE INDEX "ledger_entries_repo_id_status_id_idx" ON "ledger_entries"("repo_id", "status", "id");

-- CreateIndex
CREATE INDEX "ledger_entries_topic_id_idx" ON "ledger_entries"("topic_id");

-- CreateIndex
CREATE INDEX "ledger_events_entry_id_id_idx" ON "ledger_events"("entry_id", "id");
