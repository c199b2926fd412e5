-- CreateTable
CREATE TABLE "worktree_auto_fixes" (
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "is_enabled" BOOLEAN NOT NULL DEFAULT false,
    "max_attempts" INTEGER NOT NULL DEFAULT 2,
    "attempts_used" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "worktree_auto_fixes_pkey" PRIMARY KEY ("repo_id","worktree_path")
);

-- AddForeignKey
ALTER TABLE "worktree_auto_fixes" ADD CONSTRAINT "worktree_auto_fixes_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;
