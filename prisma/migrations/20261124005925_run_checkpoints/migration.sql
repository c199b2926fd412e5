-- CreateTable
CREATE TABLE "run_checkpoints" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "run_id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "phase" TEXT NOT NULL,
    "tree_sha" TEXT NOT NULL,
    "head_sha" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "run_checkpoints_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "agent_runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "run_checkpoints_worktree_path_created_at_idx" ON "run_checkpoints"("worktree_path", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "run_checkpoints_run_id_phase_key" ON "run_checkpoints"("run_id", "phase");
