-- DropIndex
DROP INDEX "repos_common_dir_key";

-- AlterTable
ALTER TABLE "hook_events" ADD COLUMN     "instance_id" TEXT;

-- AlterTable
ALTER TABLE "plans" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "repos" ADD COLUMN     "instance_id" TEXT;

-- CreateTable
CREATE TABLE "instances" (
    "id" TEXT NOT NULL,
    "host_name" TEXT NOT NULL,
    "data_dir" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "url" TEXT,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "instances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "published_worktree_scans" (
    "repo_id" TEXT NOT NULL,
    "scan" TEXT NOT NULL,
    "scanned_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "published_worktree_scans_pkey" PRIMARY KEY ("repo_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "instances_host_name_data_dir_key" ON "instances"("host_name", "data_dir");

-- CreateIndex
CREATE UNIQUE INDEX "repos_instance_id_common_dir_key" ON "repos"("instance_id", "common_dir");

-- AddForeignKey
ALTER TABLE "repos" ADD CONSTRAINT "repos_instance_id_fkey" FOREIGN KEY ("instance_id") REFERENCES "instances"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "published_worktree_scans" ADD CONSTRAINT "published_worktree_scans_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;
