/** A relay row as history import writes it (the id and nothing else left to the database). */
export interface RelayRow {
  sessionId: string;
  startUuid: string;
  repoId: string | null;
  worktreePath: string | null;
  cwd: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  userText: string;
  assistantText: string;
  toolCalls: string;
  model: string | null;
  isInterrupted: boolean;
  apiError: string | null;
  hookBlocks: string;
  runId: string | null;
  agentId: string | null;
}
