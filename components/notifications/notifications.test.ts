import { describe, expect, it } from "vitest";
import { folderName, groupByWorktree } from "./group-notifications.ts";
import { findNotificationRepo, notificationHref } from "./notification-href.ts";
import { addToast, removeToast, type LiveNotification } from "./notification-toasts.ts";

const live = (id: number, worktreePath = "/r/wt"): LiveNotification => ({
  id,
  type: "completion",
  worktreePath,
  sessionId: "s",
  excerpt: `n${id}`,
});

describe("toasts", () => {
  it("adds each notification once and keeps the newest few", () => {
    const toasts = [live(1), live(2)];
    expect(addToast(toasts, live(2))).toBe(toasts);
    expect(addToast(toasts, live(3), 2).map((toast) => toast.id)).toEqual([2, 3]);
    expect(removeToast(toasts, 1).map((toast) => toast.id)).toEqual([2]);
  });
});

describe("findNotificationRepo", () => {
  const pins = [
    { repoId: "a", repoRoot: "/r/app" },
    { repoId: "b", repoRoot: "/r/app-two" },
  ];

  it("prefers the repo id the inbox row carries", () => {
    expect(findNotificationRepo({ worktreePath: "/x", repoId: "z", pins, scans: [] })).toBe("z");
  });

  it("finds the repository whose scanned worktrees list the path", () => {
    const scans = [{ repoId: "b", worktreePaths: ["/elsewhere/wt"] }];
    expect(findNotificationRepo({ worktreePath: "/elsewhere/wt", pins, scans })).toBe("b");
  });

  it("falls back to the pin whose root holds the path, without confusing prefixes", () => {
    expect(findNotificationRepo({ worktreePath: "/r/app-two/sub", pins, scans: [] })).toBe("b");
    expect(findNotificationRepo({ worktreePath: "/r/app", pins, scans: [] })).toBe("a");
    expect(findNotificationRepo({ worktreePath: "/other", pins, scans: [] })).toBeNull();
  });

  it("links to the worktree's chat, with the repository when known", () => {
    expect(notificationHref({ repoId: "a", worktreePath: "/r/a b" })).toBe("/?repo=a&wt=%2Fr%2Fa+b");
    expect(notificationHref({ repoId: null, worktreePath: "/r/w" })).toBe("/?wt=%2Fr%2Fw");
  });
});

describe("groupByWorktree", () => {
  it("keeps the newest-first order of groups and items", () => {
    const groups = groupByWorktree([live(3, "/b"), live(2, "/a"), live(1, "/b")]);
    expect(groups.map((group) => [group.worktreePath, group.items.map((item) => item.id)])).toEqual([
      ["/b", [3, 1]],
      ["/a", [2]],
    ]);
    expect(folderName("/r/feat-x/")).toBe("feat-x");
  });
});
