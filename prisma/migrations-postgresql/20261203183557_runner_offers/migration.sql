-- CreateTable
CREATE TABLE "runner_offers" (
    "id" TEXT NOT NULL,
    "instance_id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "remote_url" TEXT NOT NULL,
    "slots" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "runner_offers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "runner_offers_repo_id_key" ON "runner_offers"("repo_id");

-- CreateIndex
CREATE INDEX "runner_offers_remote_url_idx" ON "runner_offers"("remote_url");

-- AddForeignKey
ALTER TABLE "runner_offers" ADD CONSTRAINT "runner_offers_instance_id_fkey" FOREIGN KEY ("instance_id") REFERENCES "instances"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runner_offers" ADD CONSTRAINT "runner_offers_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;
