-- CreateTable
CREATE TABLE "plan_runs" (
    "id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "is_paused" BOOLEAN NOT NULL DEFAULT false,
    "concurrency" INTEGER,
    "auto_land" BOOLEAN NOT NULL DEFAULT false,
    "permission_mode" TEXT NOT NULL DEFAULT 'default',
    "budget_usd" DOUBLE PRECISION,
    "nodes" TEXT NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "plan_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "plan_runs_plan_id_key" ON "plan_runs"("plan_id");

-- CreateIndex
CREATE INDEX "plan_runs_repo_id_idx" ON "plan_runs"("repo_id");

-- AddForeignKey
ALTER TABLE "plan_runs" ADD CONSTRAINT "plan_runs_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;
