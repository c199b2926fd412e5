-- AlterTable
ALTER TABLE "transcript_relays" ADD COLUMN "agent_id" TEXT;

-- CreateTable
CREATE TABLE "history_imports" (
    "worktree_path" TEXT NOT NULL PRIMARY KEY,
    "repo_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "started_at" DATETIME NOT NULL,
    "finished_at" DATETIME,
    "progress" TEXT NOT NULL DEFAULT '{}'
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_transcript_cursors" (
    "path" TEXT NOT NULL PRIMARY KEY,
    "session_id" TEXT NOT NULL,
    "offset" BIGINT NOT NULL DEFAULT 0,
    "file_size" BIGINT,
    "mtime_ms" REAL,
    "is_complete" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_transcript_cursors" ("offset", "path", "session_id", "updated_at") SELECT "offset", "path", "session_id", "updated_at" FROM "transcript_cursors";
DROP TABLE "transcript_cursors";
ALTER TABLE "new_transcript_cursors" RENAME TO "transcript_cursors";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
