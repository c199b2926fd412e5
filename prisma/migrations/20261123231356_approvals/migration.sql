-- CreateTable
CREATE TABLE "approval_requests" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "run_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "cli_request_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "tool_name" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "description" TEXT,
    "reason" TEXT,
    "suggestions" TEXT NOT NULL DEFAULT '[]',
    "blocked_path" TEXT,
    "tool_use_id" TEXT,
    "preview" TEXT,
    "status" TEXT NOT NULL,
    "answer" TEXT,
    "answered_by" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" DATETIME,
    "expires_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "permission_rules" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scope" TEXT NOT NULL,
    "repo_id" TEXT,
    "worktree_path" TEXT,
    "tool_name" TEXT NOT NULL,
    "rule_content" TEXT,
    "approval_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "worktree_permission_modes" (
    "repo_id" TEXT NOT NULL,
    "worktree_path" TEXT NOT NULL,
    "permission_mode" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL,

    PRIMARY KEY ("repo_id", "worktree_path")
);

-- CreateIndex
CREATE INDEX "approval_requests_run_id_idx" ON "approval_requests"("run_id");

-- CreateIndex
CREATE INDEX "approval_requests_status_repo_id_idx" ON "approval_requests"("status", "repo_id");

-- CreateIndex
CREATE INDEX "permission_rules_scope_repo_id_idx" ON "permission_rules"("scope", "repo_id");
