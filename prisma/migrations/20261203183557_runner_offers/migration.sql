-- CreateTable
CREATE TABLE "runner_offers" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "instance_id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "remote_url" TEXT NOT NULL,
    "slots" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "runner_offers_instance_id_fkey" FOREIGN KEY ("instance_id") REFERENCES "instances" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "runner_offers_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "runner_offers_repo_id_key" ON "runner_offers"("repo_id");

-- CreateIndex
CREATE INDEX "runner_offers_remote_url_idx" ON "runner_offers"("remote_url");
