-- AlterTable
ALTER TABLE "agent_runs" ADD COLUMN     "changed_worktree" BOOLEAN;
