-- CreateTable
CREATE TABLE "repo_settings" (
    "id" SERIAL NOT NULL,
    "repo_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "repo_settings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "repo_settings_repo_id_key_key" ON "repo_settings"("repo_id", "key");

-- AddForeignKey
ALTER TABLE "repo_settings" ADD CONSTRAINT "repo_settings_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos"("id") ON DELETE CASCADE ON UPDATE CASCADE;
