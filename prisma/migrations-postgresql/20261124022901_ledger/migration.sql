-- DropForeignKey
ALTER TABLE "decisions" DROP CONSTRAINT "decisions_topic_id_fkey";

-- AlterTable
ALTER TABLE "chat_summaries" ADD COLUMN     "check_note" TEXT,
ADD COLUMN     "check_status" TEXT NOT NULL DEFAULT 'unchecked';

-- AlterTable
ALTER TABLE "transcript_relays" ADD COLUMN     "run_id" TEXT;

-- DropTable
DROP TABLE "decisions";

-- CreateTable
CREATE TABLE "run_prompts" (
    "run_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_prompts_pkey" PRIMARY KEY ("run_id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" SERIAL NOT NULL,
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
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_events" (
    "id" SERIAL NOT NULL,
    "entry_id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "from_status" TEXT,
    "to_status" TEXT NOT NULL,
    "previous_text" TEXT,
    "evidence" TEXT NOT NULL DEFAULT '[]',
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_events_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "run_prompts" ADD CONSTRAINT "run_prompts_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "agent_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_events" ADD CONSTRAINT "ledger_events_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "ledger_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
