-- The Logs page's list of Claude sessions: one row per session and worktree, kept by triggers as
-- hook events are stored, moved or deleted, so the list never aggregates the whole event table.
-- Hand-written (Prisma does not model triggers); listed in lib/db/external-tables.ts.
CREATE TABLE "hook_sessions" (
    "session_id" TEXT NOT NULL,
    "worktree_key" TEXT NOT NULL,
    "worktree_path" TEXT,
    "event_count" INTEGER NOT NULL,
    "first_at" DATETIME NOT NULL,
    "last_at" DATETIME NOT NULL,
    "max_run_id" TEXT,
    PRIMARY KEY ("session_id", "worktree_key")
);
CREATE INDEX "hook_sessions_last_at_idx" ON "hook_sessions"("last_at");
CREATE INDEX "hook_sessions_worktree_key_last_at_idx" ON "hook_sessions"("worktree_key", "last_at");

INSERT INTO "hook_sessions" ("session_id", "worktree_key", "worktree_path", "event_count", "first_at", "last_at", "max_run_id")
SELECT "session_id", coalesce("worktree_path", ''), "worktree_path", count(*), min("received_at"), max("received_at"), max("run_id")
FROM "hook_events" GROUP BY "session_id", coalesce("worktree_path", ''), "worktree_path";

CREATE TRIGGER "hook_sessions_insert" AFTER INSERT ON "hook_events" BEGIN
  INSERT INTO "hook_sessions" ("session_id", "worktree_key", "worktree_path", "event_count", "first_at", "last_at", "max_run_id")
  VALUES (new."session_id", coalesce(new."worktree_path", ''), new."worktree_path", 1, new."received_at", new."received_at", new."run_id")
  ON CONFLICT ("session_id", "worktree_key") DO UPDATE SET
    "event_count" = "event_count" + 1,
    "first_at" = min("first_at", excluded."first_at"),
    "last_at" = max("last_at", excluded."last_at"),
    "max_run_id" = max(coalesce("max_run_id", excluded."max_run_id"), coalesce(excluded."max_run_id", "max_run_id"));
END;
-- A deleted event leaves its session's first and last times as they were (retention recounts the sessions it touched).
CREATE TRIGGER "hook_sessions_delete" AFTER DELETE ON "hook_events" BEGIN
  UPDATE "hook_sessions" SET "event_count" = "event_count" - 1
  WHERE "session_id" = old."session_id" AND "worktree_key" = coalesce(old."worktree_path", '');
  DELETE FROM "hook_sessions"
  WHERE "session_id" = old."session_id" AND "worktree_key" = coalesce(old."worktree_path", '') AND "event_count" <= 0;
END;
CREATE TRIGGER "hook_sessions_update" AFTER UPDATE OF "session_id", "worktree_path", "run_id", "received_at" ON "hook_events" BEGIN
  UPDATE "hook_sessions" SET "event_count" = "event_count" - 1
  WHERE "session_id" = old."session_id" AND "worktree_key" = coalesce(old."worktree_path", '');
  DELETE FROM "hook_sessions"
  WHERE "session_id" = old."session_id" AND "worktree_key" = coalesce(old."worktree_path", '') AND "event_count" <= 0;
  INSERT INTO "hook_sessions" ("session_id", "worktree_key", "worktree_path", "event_count", "first_at", "last_at", "max_run_id")
  VALUES (new."session_id", coalesce(new."worktree_path", ''), new."worktree_path", 1, new."received_at", new."received_at", new."run_id")
  ON CONFLICT ("session_id", "worktree_key") DO UPDATE SET
    "event_count" = "event_count" + 1,
    "first_at" = min("first_at", excluded."first_at"),
    "last_at" = max("last_at", excluded."last_at"),
    "max_run_id" = max(coalesce("max_run_id", excluded."max_run_id"), coalesce(excluded."max_run_id", "max_run_id"));
END;
