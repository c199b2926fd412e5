-- CreateTable
CREATE TABLE "plan_runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "plan_id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "is_paused" BOOLEAN NOT NULL DEFAULT false,
    "concurrency" INTEGER,
    "auto_land" BOOLEAN NOT NULL DEFAULT false,
    "permission_mode" TEXT NOT NULL DEFAULT 'default',
    "budget_usd" REAL,
    "nodes" TEXT NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "plan_runs_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "plan_runs_plan_id_key" ON "plan_runs"("plan_id");

-- CreateIndex
CREATE INDEX "plan_runs_repo_id_idx" ON "plan_runs"("repo_id");
