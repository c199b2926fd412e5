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
  /** The instance whose machine holds the repository; another instance's pin is read-only here. */
  owner: PinOwnerView;
}

/** The Arbor instance a pin belongs to (team mode: several instances on one PostgreSQL database). */
export interface PinOwnerView {
  instanceId: string;
  label: string;
  hostName: string;
  isLocal: boolean;
}
