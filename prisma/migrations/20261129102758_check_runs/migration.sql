-- CreateTable
CREATE TABLE "check_runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "batch_id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL DEFAULT 'worktree',
    "name" TEXT NOT NULL,
    "command" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "exit_code" INTEGER,
    "head_sha" TEXT,
    "tree_sha" TEXT NOT NULL,
    "is_dirty" BOOLEAN NOT NULL DEFAULT false,
    "output" TEXT NOT NULL DEFAULT '',
    "dropped_bytes" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "cached_from_id" TEXT,
    "started_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    CONSTRAINT "check_runs_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "check_runs_worktree_path_started_at_idx" ON "check_runs"("worktree_path", "started_at");

-- CreateIndex
CREATE INDEX "check_runs_tree_sha_command_status_idx" ON "check_runs"("tree_sha", "command", "status");
