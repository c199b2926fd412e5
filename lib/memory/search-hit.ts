// What a conversation search returns (a pure type: components import it).

export interface SearchHit {
  messageId: number;
  sessionId: string;
  worktreePath: string;
  role: string;
  snippet: string;
  createdAt: string;
  isArchived: boolean;
}
