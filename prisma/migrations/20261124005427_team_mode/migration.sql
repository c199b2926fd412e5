-- AlterTable
ALTER TABLE "hook_events" ADD COLUMN "instance_id" TEXT;

-- CreateTable
CREATE TABLE "instances" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "host_name" TEXT NOT NULL,
    "data_dir" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "url" TEXT,
    "started_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "published_worktree_scans" (
    "repo_id" TEXT NOT NULL PRIMARY KEY,
    "scan" TEXT NOT NULL,
    "scanned_at" DATETIME NOT NULL,
    CONSTRAINT "published_worktree_scans_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_plans" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "repo_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "goal" TEXT NOT NULL DEFAULT '',
    "body_markdown" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "plans_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_plans" ("body_markdown", "created_at", "goal", "id", "repo_id", "title", "updated_at") SELECT "body_markdown", "created_at", "goal", "id", "repo_id", "title", "updated_at" FROM "plans";
DROP TABLE "plans";
ALTER TABLE "new_plans" RENAME TO "plans";
CREATE INDEX "plans_repo_id_updated_at_idx" ON "plans"("repo_id", "updated_at");
CREATE TABLE "new_repos" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "instance_id" TEXT,
    "common_dir" TEXT NOT NULL,
    "root_path" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "repos_instance_id_fkey" FOREIGN KEY ("instance_id") REFERENCES "instances" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_repos" ("common_dir", "created_at", "id", "name", "root_path", "updated_at") SELECT "common_dir", "created_at", "id", "name", "root_path", "updated_at" FROM "repos";
DROP TABLE "repos";
ALTER TABLE "new_repos" RENAME TO "repos";
CREATE UNIQUE INDEX "repos_instance_id_common_dir_key" ON "repos"("instance_id", "common_dir");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "instances_host_name_data_dir_key" ON "instances"("host_name", "data_dir");
