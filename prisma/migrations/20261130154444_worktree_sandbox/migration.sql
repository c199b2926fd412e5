-- AlterTable
ALTER TABLE "worktree_permission_modes" ADD COLUMN "sandbox_domains" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_plan_runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "plan_id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "is_paused" BOOLEAN NOT NULL DEFAULT false,
    "concurrency" INTEGER,
    "auto_land" BOOLEAN NOT NULL DEFAULT false,
    "permission_mode" TEXT NOT NULL DEFAULT 'default',
    "budget_usd" REAL,
    "sandbox_domains" TEXT NOT NULL DEFAULT '[]',
    "nodes" TEXT NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "plan_runs_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_plan_runs" ("auto_land", "budget_usd", "concurrency", "created_at", "id", "is_paused", "nodes", "permission_mode", "plan_id", "repo_id", "updated_at", "version") SELECT "auto_land", "budget_usd", "concurrency", "created_at", "id", "is_paused", "nodes", "permission_mode", "plan_id", "repo_id", "updated_at", "version" FROM "plan_runs";
DROP TABLE "plan_runs";
ALTER TABLE "new_plan_runs" RENAME TO "plan_runs";
CREATE UNIQUE INDEX "plan_runs_plan_id_key" ON "plan_runs"("plan_id");
CREATE INDEX "plan_runs_repo_id_idx" ON "plan_runs"("repo_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
