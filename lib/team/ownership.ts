import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getLocalInstance } from "./local-instance.ts";

/** Who holds a repository, as the UI shows it next to another instance's work. */
export interface RepoOwner {
  instanceId: string | null;
  label: string;
  hostName: string;
  dataDir: string;
  url: string | null;
  /** This process is the owner: it may scan, pin, chat, run and install hooks there. */
  isLocal: boolean;
}

/** The owner of a repository (null when the repository does not exist). */
export async function findRepoOwner(db: Db, repoId: string): Promise<RepoOwner | null> {
  const [local, repo] = await Promise.all([
    getLocalInstance(db),
    db.repo.findUnique({ where: { id: repoId }, select: { instanceId: true, instance: true } }),
  ]);
  if (!repo) return null;
  const owner = repo.instance;
  return {
    instanceId: repo.instanceId,
    label: owner?.label ?? local.label,
    hostName: owner?.hostName ?? local.hostName,
    dataDir: owner?.dataDir ?? local.dataDir,
    url: owner?.url ?? null,
    isLocal: repo.instanceId === null || repo.instanceId === local.id,
  };
}

/** How a request names the repository it acts on: the repository itself, or a row that belongs to one. */
export type RepoLocator =
  | { repoId: string }
  | { sessionId: string }
  | { runId: string }
  | { planId: string }
  | { pinId: string }
  | { ruleId: string }
  | { approvalId: string };

/**
 * Refuses to act on another instance's repository: its worktrees are on that instance's machine,
 * so only that instance may scan them, start runs there, pin, unpin or install hooks. Everything
 * of it stays readable here. Checked once where a request enters (withLocalRepo, the WebSocket
 * gateway), never inside lib functions. A missing row or repository passes (the handler reports
 * not_found), and so does null: a request about no single repository.
 */
export async function assertLocalRepo(db: Db, locator: RepoLocator | null): Promise<void> {
  const owner = await findRemoteOwner(db, locator);
  if (owner) throw remoteRepoError(owner);
}

/** The owner of the repository a locator names when that is another instance; null when it is this one (or none). */
export async function findRemoteOwner(db: Db, locator: RepoLocator | null): Promise<RepoOwner | null> {
  const repoId = locator && (await findRepoIdOf(db, locator));
  if (!repoId || (await isRepoLocal(db, repoId))) return null;
  const owner = await findRepoOwner(db, repoId);
  return owner && !owner.isLocal ? owner : null;
}

/**
 * Whether this instance holds the repository (true for a missing one: the caller reports it). Most
 * requests are about the instance's own repositories, so this reads the owner's id alone, not its row.
 */
async function isRepoLocal(db: Db, repoId: string): Promise<boolean> {
  const [local, repo] = await Promise.all([
    getLocalInstance(db),
    db.repo.findUnique({ where: { id: repoId }, select: { instanceId: true } }),
  ]);
  return !repo || repo.instanceId === null || repo.instanceId === local.id;
}

/** The repository a locator names, or null when its row does not exist (or belongs to no repository). */
export async function findRepoIdOf(db: Db, locator: RepoLocator): Promise<string | null> {
  const select = { repoId: true } as const;
  if ("repoId" in locator) return locator.repoId;
  if ("sessionId" in locator)
    return (await db.chatSession.findUnique({ where: { id: locator.sessionId }, select }))?.repoId ?? null;
  if ("runId" in locator)
    return (await db.agentRun.findUnique({ where: { id: locator.runId }, select }))?.repoId ?? null;
  if ("planId" in locator) return (await db.plan.findUnique({ where: { id: locator.planId }, select }))?.repoId ?? null;
  if ("pinId" in locator)
    return (await db.repoPin.findUnique({ where: { id: locator.pinId }, select }))?.repoId ?? null;
  if ("ruleId" in locator)
    return (await db.permissionRule.findUnique({ where: { id: locator.ruleId }, select }))?.repoId ?? null;
  return (await db.approvalRequest.findUnique({ where: { id: locator.approvalId }, select }))?.repoId ?? null;
}

/** The refusal of a request for another instance's repository, naming the owner and where to go. */
export function remoteRepoError(owner: RepoOwner): AppError {
  const where = owner.url ? ` at ${owner.url}` : "";
  return new AppError(
    "forbidden",
    `This repository belongs to Arbor "${owner.label}" on ${owner.hostName} (${owner.dataDir}); here it is read-only. Chat, runs, pins and hooks of it are changed on that Arbor${where}.`,
    { details: { isRemote: true, instanceId: owner.instanceId, hostName: owner.hostName } },
  );
}

/** Whether a conversation belongs to this instance (true for a missing one: the caller reports it). */
export async function isSessionLocal(db: Db, sessionId: string): Promise<boolean> {
  const session = await db.chatSession.findUnique({ where: { id: sessionId }, select: { repoId: true } });
  return !session || isRepoLocal(db, session.repoId);
}

/** Ids of this instance's repositories (and of any that no instance claimed yet). */
export async function listLocalRepoIds(db: Db): Promise<string[]> {
  const local = await getLocalInstance(db);
  const repos = await db.repo.findMany({
    where: { OR: [{ instanceId: local.id }, { instanceId: null }] },
    select: { id: true },
  });
  return repos.map((repo) => repo.id);
}
