-- CreateTable
CREATE TABLE "plans" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "repo_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "goal" TEXT NOT NULL DEFAULT '',
    "body_markdown" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "plans_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "tree_specs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "plan_id" TEXT NOT NULL,
    "nodes" TEXT NOT NULL DEFAULT '[]',
    "edges" TEXT NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "tree_specs_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "hook_events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "event_id" TEXT NOT NULL,
    "received_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "event_name" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "tool_name" TEXT,
    "tool_use_id" TEXT,
    "cwd" TEXT,
    "repo_id" TEXT,
    "worktree_path" TEXT,
    "run_id" TEXT,
    "source" TEXT NOT NULL DEFAULT 'http',
    "summary" TEXT NOT NULL DEFAULT '',
    "is_block" BOOLEAN NOT NULL DEFAULT false,
    "block_reason" TEXT,
    "payload" TEXT NOT NULL,
    "payload_bytes" INTEGER NOT NULL,
    "is_truncated" BOOLEAN NOT NULL DEFAULT false
);

-- CreateTable
CREATE TABLE "transcript_cursors" (
    "path" TEXT NOT NULL PRIMARY KEY,
    "session_id" TEXT NOT NULL,
    "offset" BIGINT NOT NULL DEFAULT 0,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "transcript_relays" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "session_id" TEXT NOT NULL,
    "start_uuid" TEXT NOT NULL,
    "repo_id" TEXT,
    "worktree_path" TEXT,
    "cwd" TEXT,
    "started_at" DATETIME,
    "ended_at" DATETIME,
    "user_text" TEXT NOT NULL DEFAULT '',
    "assistant_text" TEXT NOT NULL DEFAULT '',
    "tool_calls" TEXT NOT NULL DEFAULT '[]',
    "model" TEXT,
    "is_interrupted" BOOLEAN NOT NULL DEFAULT false,
    "api_error" TEXT,
    "hook_blocks" TEXT NOT NULL DEFAULT '[]',
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "repo_policies" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "repo_id" TEXT NOT NULL,
    "recorder_enabled" BOOLEAN NOT NULL DEFAULT true,
    "enforce_meta_tag" BOOLEAN NOT NULL DEFAULT false,
    "notifier_enabled" BOOLEAN NOT NULL DEFAULT true,
    "state_restore_enabled" BOOLEAN NOT NULL DEFAULT true,
    "session_start_topics" INTEGER NOT NULL DEFAULT 5,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "repo_policies_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "topics" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repo_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "topics_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "topic_log_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "topic_id" INTEGER NOT NULL,
    "session_id" TEXT NOT NULL,
    "relay_key" TEXT NOT NULL,
    "user_text" TEXT NOT NULL DEFAULT '',
    "assistant_text" TEXT NOT NULL DEFAULT '',
    "summary" TEXT NOT NULL DEFAULT '',
    "summary_kind" TEXT NOT NULL DEFAULT 'pending',
    "summary_error" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "topic_log_entries_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "decisions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "topic_id" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "decisions_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "dedupe_key" TEXT NOT NULL,
    "repo_id" TEXT,
    "worktree_path" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL,
    "is_read" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "workflow_states" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repo_id" TEXT,
    "worktree_path" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "plan_node" TEXT,
    "current_task" TEXT,
    "next_action" TEXT,
    "trigger" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "plans_repo_id_updated_at_idx" ON "plans"("repo_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "tree_specs_plan_id_key" ON "tree_specs"("plan_id");

-- CreateIndex
CREATE UNIQUE INDEX "hook_events_event_id_key" ON "hook_events"("event_id");

-- CreateIndex
CREATE INDEX "hook_events_worktree_path_id_idx" ON "hook_events"("worktree_path", "id");

-- CreateIndex
CREATE INDEX "hook_events_session_id_id_idx" ON "hook_events"("session_id", "id");

-- CreateIndex
CREATE INDEX "hook_events_event_name_id_idx" ON "hook_events"("event_name", "id");

-- CreateIndex
CREATE INDEX "hook_events_run_id_idx" ON "hook_events"("run_id");

-- CreateIndex
CREATE INDEX "transcript_relays_worktree_path_started_at_idx" ON "transcript_relays"("worktree_path", "started_at");

-- CreateIndex
CREATE UNIQUE INDEX "transcript_relays_session_id_start_uuid_key" ON "transcript_relays"("session_id", "start_uuid");

-- CreateIndex
CREATE UNIQUE INDEX "repo_policies_repo_id_key" ON "repo_policies"("repo_id");

-- CreateIndex
CREATE INDEX "topics_repo_id_status_updated_at_idx" ON "topics"("repo_id", "status", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "topic_log_entries_topic_id_relay_key_key" ON "topic_log_entries"("topic_id", "relay_key");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_dedupe_key_key" ON "notifications"("dedupe_key");

-- CreateIndex
CREATE INDEX "notifications_worktree_path_is_read_id_idx" ON "notifications"("worktree_path", "is_read", "id");

-- CreateIndex
CREATE INDEX "workflow_states_worktree_path_id_idx" ON "workflow_states"("worktree_path", "id");

-- CreateIndex
CREATE INDEX "workflow_states_session_id_id_idx" ON "workflow_states"("session_id", "id");

-- CreateIndex
CREATE INDEX "agent_runs_claude_session_id_idx" ON "agent_runs"("claude_session_id");
