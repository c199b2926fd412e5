/** A repo pin as the API returns it. */
export interface PinView {
  id: string;
  repoId: string;
  localPath: string;
  label: string | null;
  repoName: string;
  repoRoot: string;
  lastUsedAt: string;
  createdAt: string;
  /** The pinned directory no longer exists; the pin stays until the user removes it. */
  isMissing: boolean;
}
