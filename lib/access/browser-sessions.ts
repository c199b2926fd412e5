import type { Db } from "@/lib/db/client.ts";
import { hashSecret, newSecret } from "@/lib/http/secrets.ts";

/** A signed-in browser as pages and records show it. */
export interface BrowserSessionView {
  id: string;
  label: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** What the request guard needs to recognise a browser: its session and its page key's hash. */
export interface KnownBrowser extends BrowserSessionView {
  pageKeyHash: string;
}

export interface BrowserSessions {
  /** The signed-in browser whose session cookie this is, or null. Synchronous: the guard runs on every request. */
  findByCookie(cookie: string): KnownBrowser | null;
  /** Signs a browser in: the cookie and page key are returned once and only their hashes are kept. */
  create(input: { label: string }): Promise<{ session: BrowserSessionView; cookie: string; pageKey: string }>;
  list(): BrowserSessionView[];
  /** Signs a browser out; false when there is no such session. */
  revoke(id: string): Promise<boolean>;
  /** Notes that the browser was just seen (written at most once a minute per browser). */
  noteSeen(id: string): void;
}

const SEEN_WRITE_INTERVAL_MS = 60_000;

/**
 * This instance's signed-in browsers, read once from the database and kept in memory (hashes only), so a
 * request is checked without a query. Sessions outlive restarts; a revoked one is gone at once.
 */
export async function openBrowserSessions(input: {
  db: Db;
  instanceId: string;
  now?: () => Date;
  onError?: (error: unknown) => void;
}): Promise<BrowserSessions> {
  const { db, instanceId } = input;
  const now = input.now ?? (() => new Date());
  const rows = await db.browserSession.findMany({ where: { instanceId, revokedAt: null } });
  const byCookieHash = new Map<string, KnownBrowser>(
    rows.map((row) => [
      row.cookieHash,
      {
        id: row.id,
        label: row.label,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        pageKeyHash: row.pageKeyHash,
      },
    ]),
  );
  const view = (known: KnownBrowser): BrowserSessionView => ({
    id: known.id,
    label: known.label,
    createdAt: known.createdAt,
    lastSeenAt: known.lastSeenAt,
  });
  return {
    findByCookie(cookie) {
      return byCookieHash.get(hashSecret(cookie)) ?? null;
    },
    async create({ label }) {
      const cookie = newSecret();
      const pageKey = newSecret();
      const cookieHash = hashSecret(cookie);
      const row = await db.browserSession.create({
        data: { instanceId, cookieHash, pageKeyHash: hashSecret(pageKey), label, createdAt: now(), lastSeenAt: now() },
      });
      const known: KnownBrowser = {
        id: row.id,
        label: row.label,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        pageKeyHash: row.pageKeyHash,
      };
      byCookieHash.set(cookieHash, known);
      return { session: view(known), cookie, pageKey };
    },
    list() {
      return [...byCookieHash.values()].map(view).sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
    },
    async revoke(id) {
      const entry = [...byCookieHash.entries()].find(([, known]) => known.id === id);
      if (!entry) return false;
      byCookieHash.delete(entry[0]);
      await db.browserSession.update({ where: { id }, data: { revokedAt: now() } });
      return true;
    },
    noteSeen(id) {
      const known = [...byCookieHash.values()].find((candidate) => candidate.id === id);
      if (!known) return;
      const seenAt = now();
      if (seenAt.getTime() - known.lastSeenAt.getTime() < SEEN_WRITE_INTERVAL_MS) return;
      known.lastSeenAt = seenAt;
      db.browserSession
        .update({ where: { id }, data: { lastSeenAt: seenAt } })
        .catch((error: unknown) => input.onError?.(error));
    },
  };
}
