-- Browsers signed in with a one-time link (lib/access/): only hashes of the cookie and the page key are kept.
-- CreateTable
CREATE TABLE "browser_sessions" (
    "id" TEXT NOT NULL,
    "instance_id" TEXT NOT NULL,
    "cookie_hash" TEXT NOT NULL,
    "page_key_hash" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "browser_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "browser_sessions_cookie_hash_key" ON "browser_sessions"("cookie_hash");

-- CreateIndex
CREATE INDEX "browser_sessions_instance_id_revoked_at_idx" ON "browser_sessions"("instance_id", "revoked_at");
