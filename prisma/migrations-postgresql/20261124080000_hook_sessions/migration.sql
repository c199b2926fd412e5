-- The Logs page's list of Claude sessions: one row per session and worktree, kept by triggers as
-- hook events are stored, moved or deleted, so the list never aggregates the whole event table.
-- Hand-written (Prisma does not model triggers); listed in lib/db/external-tables.ts.
CREATE TABLE "hook_sessions" (
    "session_id" TEXT NOT NULL,
    "worktree_key" TEXT NOT NULL,
    "worktree_path" TEXT,
    "event_count" INTEGER NOT NULL,
    "first_at" TIMESTAMP(3) NOT NULL,
    "last_at" TIMESTAMP(3) NOT NULL,
    "max_run_id" TEXT,
    CONSTRAINT "hook_sessions_pkey" PRIMARY KEY ("session_id", "worktree_key")
);
CREATE INDEX "hook_sessions_last_at_idx" ON "hook_sessions"("last_at");
CREATE INDEX "hook_sessions_worktree_key_last_at_idx" ON "hook_sessions"("worktree_key", "last_at");

INSERT INTO "hook_sessions" ("session_id", "worktree_key", "worktree_path", "event_count", "first_at", "last_at", "max_run_id")
SELECT "session_id", coalesce("worktree_path", ''), "worktree_path", count(*), min("received_at"), max("received_at"), max("run_id")
FROM "hook_events" GROUP BY "session_id", coalesce("worktree_path", ''), "worktree_path";

CREATE FUNCTION "hook_sessions_write"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "hook_sessions" SET "event_count" = "event_count" - 1
    WHERE "session_id" = OLD."session_id" AND "worktree_key" = coalesce(OLD."worktree_path", '');
    DELETE FROM "hook_sessions"
    WHERE "session_id" = OLD."session_id" AND "worktree_key" = coalesce(OLD."worktree_path", '') AND "event_count" <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "hook_sessions" ("session_id", "worktree_key", "worktree_path", "event_count", "first_at", "last_at", "max_run_id")
    VALUES (NEW."session_id", coalesce(NEW."worktree_path", ''), NEW."worktree_path", 1, NEW."received_at", NEW."received_at", NEW."run_id")
    ON CONFLICT ("session_id", "worktree_key") DO UPDATE SET
      "event_count" = "hook_sessions"."event_count" + 1,
      "first_at" = LEAST("hook_sessions"."first_at", EXCLUDED."first_at"),
      "last_at" = GREATEST("hook_sessions"."last_at", EXCLUDED."last_at"),
      "max_run_id" = GREATEST("hook_sessions"."max_run_id", EXCLUDED."max_run_id");
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "hook_sessions_insert" AFTER INSERT ON "hook_events"
  FOR EACH ROW EXECUTE FUNCTION "hook_sessions_write"();
-- A deleted event leaves its session's first and last times as they were (retention recounts the sessions it touched).
CREATE TRIGGER "hook_sessions_delete" AFTER DELETE ON "hook_events"
  FOR EACH ROW EXECUTE FUNCTION "hook_sessions_write"();
CREATE TRIGGER "hook_sessions_update" AFTER UPDATE OF "session_id", "worktree_path", "run_id", "received_at" ON "hook_events"
  FOR EACH ROW EXECUTE FUNCTION "hook_sessions_write"();
