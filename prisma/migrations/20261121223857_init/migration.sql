-- CreateTable
CREATE TABLE "repos" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "common_dir" TEXT NOT NULL,
    "root_path" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "repo_pins" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "repo_id" TEXT NOT NULL,
    "local_path" TEXT NOT NULL,
    "label" TEXT,
    "last_used_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "repo_pins_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "project_rules" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "repo_id" TEXT NOT NULL,
    "branch_naming_rule" TEXT NOT NULL DEFAULT 'feat/{slug}',
    "free_text_rules" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "project_rules_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "chat_sessions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "branch_name" TEXT,
    "plan_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "active_key" TEXT,
    "archived_at" DATETIME,
    "last_used_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_read_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "chat_sessions_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "session_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'complete',
    "run_id" TEXT,
    "archived_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chat_messages_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "chat_summaries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "session_id" TEXT NOT NULL,
    "summary_markdown" TEXT NOT NULL,
    "covered_until_message_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'model',
    "note" TEXT,
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chat_summaries_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "agent_runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "session_id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "user_message_id" INTEGER,
    "assistant_message_id" INTEGER,
    "claude_session_id" TEXT,
    "input_prompt_digest" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error_kind" TEXT,
    "error_message" TEXT,
    "exit_code" INTEGER,
    "stdout_snippet" TEXT NOT NULL DEFAULT '',
    "stderr_snippet" TEXT NOT NULL DEFAULT '',
    "model" TEXT,
    "cost_usd" REAL,
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "num_turns" INTEGER,
    "duration_ms" INTEGER,
    "permission_denials" TEXT NOT NULL DEFAULT '[]',
    "tool_calls" TEXT NOT NULL DEFAULT '[]',
    "receipt" TEXT NOT NULL DEFAULT '{}',
    "started_at" DATETIME,
    "finished_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agent_runs_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "agent_runs_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "repos_common_dir_key" ON "repos"("common_dir");

-- CreateIndex
CREATE UNIQUE INDEX "repo_pins_repo_id_key" ON "repo_pins"("repo_id");

-- CreateIndex
CREATE INDEX "repo_pins_last_used_at_idx" ON "repo_pins"("last_used_at");

-- CreateIndex
CREATE UNIQUE INDEX "project_rules_repo_id_key" ON "project_rules"("repo_id");

-- CreateIndex
CREATE INDEX "chat_sessions_repo_id_worktree_path_idx" ON "chat_sessions"("repo_id", "worktree_path");

-- CreateIndex
CREATE UNIQUE INDEX "chat_sessions_repo_id_active_key_key" ON "chat_sessions"("repo_id", "active_key");

-- CreateIndex
CREATE INDEX "chat_messages_session_id_id_idx" ON "chat_messages"("session_id", "id");

-- CreateIndex
CREATE INDEX "chat_messages_session_id_archived_at_id_idx" ON "chat_messages"("session_id", "archived_at", "id");

-- CreateIndex
CREATE INDEX "chat_summaries_session_id_id_idx" ON "chat_summaries"("session_id", "id");

-- CreateIndex
CREATE INDEX "agent_runs_session_id_created_at_idx" ON "agent_runs"("session_id", "created_at");

-- CreateIndex
CREATE INDEX "agent_runs_status_idx" ON "agent_runs"("status");

-- Full-text search over messages (SQLite FTS5, external content = chat_messages). Kept in
-- sync by triggers; Prisma does not model virtual tables, see scripts/migrate.ts.
CREATE VIRTUAL TABLE "chat_messages_fts" USING fts5(content, content='chat_messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER "chat_messages_fts_insert" AFTER INSERT ON "chat_messages" BEGIN
  INSERT INTO "chat_messages_fts"(rowid, content) VALUES (new.id, new.content);
END;
CREATE TRIGGER "chat_messages_fts_delete" AFTER DELETE ON "chat_messages" BEGIN
  INSERT INTO "chat_messages_fts"("chat_messages_fts", rowid, content) VALUES ('delete', old.id, old.content);
END;
CREATE TRIGGER "chat_messages_fts_update" AFTER UPDATE OF content ON "chat_messages" BEGIN
  INSERT INTO "chat_messages_fts"("chat_messages_fts", rowid, content) VALUES ('delete', old.id, old.content);
  INSERT INTO "chat_messages_fts"(rowid, content) VALUES (new.id, new.content);
END;
