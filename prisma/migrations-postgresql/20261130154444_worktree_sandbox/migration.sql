-- AlterTable
ALTER TABLE "plan_runs" ADD COLUMN     "sandbox_domains" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "worktree_permission_modes" ADD COLUMN     "sandbox_domains" TEXT;
