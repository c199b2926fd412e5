-- CreateTable
CREATE TABLE "repos" (
    "id" TEXT NOT NULL,
    "common_dir" TEXT NOT NULL,
    "root_path" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "repos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repo_trust" (
    "id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "inspection" TEXT NOT NULL,
    "trusted_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "repo_trust_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repo_pins" (
    "id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "local_path" TEXT NOT NULL,
    "label" TEXT,
    "last_used_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "repo_pins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "project_rules" (
    "id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "branch_naming_rule" TEXT NOT NULL DEFAULT 'feat/{slug}',
    "free_text_rules" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "project_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_sessions" (
    "id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "branch_name" TEXT,
    "plan_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "active_key" TEXT,
    "archived_at" TIMESTAMP(3),
    "last_used_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_read_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "chat_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" SERIAL NOT NULL,
    "session_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'complete',
    "run_id" TEXT,
    "archived_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_summaries" (
    "id" SERIAL NOT NULL,
    "session_id" TEXT NOT NULL,
    "summary_markdown" TEXT NOT NULL,
    "covered_until_message_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'model',
    "note" TEXT,
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_summaries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_runs" (
    "id" TEXT NOT NULL,
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
    "cost_usd" DOUBLE PRECISION,
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "num_turns" INTEGER,
    "duration_ms" INTEGER,
    "permission_denials" TEXT NOT NULL DEFAULT '[]',
    "tool_calls" TEXT NOT NULL DEFAULT '[]',
    "receipt" TEXT NOT NULL DEFAULT '{}',
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "goal" TEXT NOT NULL DEFAULT '',
    "body_markdown" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tree_specs" (
    "id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "nodes" TEXT NOT NULL DEFAULT '[]',
    "edges" TEXT NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tree_specs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hook_events" (
    "id" SERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
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
    "is_truncated" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "hook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transcript_cursors" (
    "path" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "offset" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "transcript_cursors_pkey" PRIMARY KEY ("path")
);

-- CreateTable
CREATE TABLE "transcript_relays" (
    "id" SERIAL NOT NULL,
    "session_id" TEXT NOT NULL,
    "start_uuid" TEXT NOT NULL,
    "repo_id" TEXT,
    "worktree_path" TEXT,
    "cwd" TEXT,
    "started_at" TIMESTAMP(3),
    "ended_at" TIMESTAMP(3),
    "user_text" TEXT NOT NULL DEFAULT '',
    "assistant_text" TEXT NOT NULL DEFAULT '',
    "tool_calls" TEXT NOT NULL DEFAULT '[]',
    "model" TEXT,
    "is_interrupted" BOOLEAN NOT NULL DEFAULT false,
    "api_error" TEXT,
    "hook_blocks" TEXT NOT NULL DEFAULT '[]',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "transcript_relays_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repo_policies" (
    "id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "recorder_enabled" BOOLEAN NOT NULL DEFAULT true,
    "enforce_meta_tag" BOOLEAN NOT NULL DEFAULT false,
    "notifier_enabled" BOOLEAN NOT NULL DEFAULT true,
    "state_restore_enabled" BOOLEAN NOT NULL DEFAULT true,
    "session_start_topics" INTEGER NOT NULL DEFAULT 5,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "repo_policies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "topics" (
    "id" SERIAL NOT NULL,
    "repo_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "topics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "topic_log_entries" (
    "id" SERIAL NOT NULL,
    "topic_id" INTEGER NOT NULL,
    "session_id" TEXT NOT NULL,
    "relay_key" TEXT NOT NULL,
    "user_text" TEXT NOT NULL DEFAULT '',
    "assistant_text" TEXT NOT NULL DEFAULT '',
    "summary" TEXT NOT NULL DEFAULT '',
    "summary_kind" TEXT NOT NULL DEFAULT 'pending',
    "summary_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "topic_log_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "decisions" (
    "id" SERIAL NOT NULL,
    "topic_id" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "decisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" SERIAL NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "repo_id" TEXT,
    "worktree_path" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL,
    "is_read" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_states" (
    "id" SERIAL NOT NULL,
    "repo_id" TEXT,
    "worktree_path" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "plan_node" TEXT,
    "current_task" TEXT,
    "next_action" TEXT,
    "trigger" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workflow_states_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approval_requests" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "cli_request_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "tool_name" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "description" TEXT,
    "reason" TEXT,
    "suggestions" TEXT NOT NULL DEFAULT '[]',
    "blocked_path" TEXT,
    "tool_use_id" TEXT,
    "preview" TEXT,
    "status" TEXT NOT NULL,
    "answer" TEXT,
    "answered_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "approval_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "permission_rules" (
    "id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "repo_id" TEXT,
    "worktree_path" TEXT,
    "tool_name" TEXT NOT NULL,
    "rule_content" TEXT,
    "approval_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "permission_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "worktree_permission_modes" (
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "permission_mode" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "worktree_permission_modes_pkey" PRIMARY KEY ("repo_id","worktree_path")
);

-- CreateIndex
CREATE UNIQUE INDEX "repos_common_dir_key" ON "repos"("common_dir");

-- CreateIndex
CREATE UNIQUE INDEX "repo_trust_repo_id_key" ON "repo_trust"("repo_id");

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

-- CreateIndex
CREATE INDEX "agent_runs_claude_session_id_idx" ON "agent_runs"("claude_session_id");

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
CREATE INDEX "approval_requests_run_id_idx" ON "approval_requests"("run_id");

-- CreateIndex
CREATE INDEX "approval_requests_status_repo_id_idx" ON "approval_requests"("status", "repo_id");

-- CreateIndex
CREATE INDEX "permission_rules_scope_repo_id_idx" ON "permission_rules"("scope", "repo_id");

-- AddForeignKey
ALTER TABLE "repo_trust" ADD CONSTRAINT "repo_trust_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_pins" ADD CONSTRAINT "repo_pins_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_rules" ADD CONSTRAINT "project_rules_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_summaries" ADD CONSTRAINT "chat_summaries_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plans" ADD CONSTRAINT "plans_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tree_specs" ADD CONSTRAINT "tree_specs_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_policies" ADD CONSTRAINT "repo_policies_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "topics" ADD CONSTRAINT "topics_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "topic_log_entries" ADD CONSTRAINT "topic_log_entries_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text search over chat messages (lib/memory/search-messages.ts): a tsvector column with a GIN
-- index, in a table Prisma does not model (lib/db/external-tables.ts: schema diffs ignore it), kept
-- in step by a trigger like SQLite's FTS5 table. The 'simple' configuration lowercases and keeps
-- every word (no stemming, no stop words), as FTS5's unicode61 tokenizer does; a message's first
-- 256 KiB are indexed (a tsvector holds at most 1 MB).
CREATE TABLE "chat_messages_search" (
    "message_id" INTEGER NOT NULL,
    "document" TSVECTOR NOT NULL,

    CONSTRAINT "chat_messages_search_pkey" PRIMARY KEY ("message_id"),
    CONSTRAINT "chat_messages_search_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "chat_messages"("id") ON DELETE CASCADE
);
CREATE INDEX "chat_messages_search_document_idx" ON "chat_messages_search" USING GIN ("document");

CREATE FUNCTION "chat_messages_search_write"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "chat_messages_search" ("message_id", "document")
  VALUES (NEW."id", to_tsvector('simple', left(NEW."content", 262144)))
  ON CONFLICT ("message_id") DO UPDATE SET "document" = EXCLUDED."document";
  RETURN NULL;
END
$$;
CREATE TRIGGER "chat_messages_search_insert" AFTER INSERT ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION "chat_messages_search_write"();
CREATE TRIGGER "chat_messages_search_update" AFTER UPDATE OF "content" ON "chat_messages"
  FOR EACH ROW WHEN (OLD."content" IS DISTINCT FROM NEW."content") EXECUTE FUNCTION "chat_messages_search_write"();
