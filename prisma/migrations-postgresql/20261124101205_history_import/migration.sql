-- AlterTable
ALTER TABLE "transcript_cursors" ADD COLUMN     "file_size" BIGINT,
ADD COLUMN     "is_complete" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "mtime_ms" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "transcript_relays" ADD COLUMN     "agent_id" TEXT;

-- CreateTable
CREATE TABLE "history_imports" (
    "worktree_path" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3),
    "progress" TEXT NOT NULL DEFAULT '{}',

    CONSTRAINT "history_imports_pkey" PRIMARY KEY ("worktree_path")
);
