-- CreateTable
CREATE TABLE "repo_settings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repo_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "repo_settings_repo_id_fkey" FOREIGN KEY ("repo_id") REFERENCES "repos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "repo_settings_repo_id_key_key" ON "repo_settings"("repo_id", "key");
