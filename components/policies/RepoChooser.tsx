"use client";

import Link from "next/link";
import type { PinView } from "@/lib/pins/pin-types.ts";

/** Without ?repo: the pinned repositories, each opening its project page. */
export function RepoChooser({ pins }: { pins: PinView[] }) {
  if (pins.length === 0) {
    return (
      <p className="text-sm text-zinc-500" data-testid="project-no-pins">
        No repository is pinned yet. Pin one on the main page first.
      </p>
    );
  }
  return (
    <section className="space-y-2">
      <h2 className="text-sm font-semibold">Choose a repository</h2>
      <ul className="space-y-1">
        {pins.map((pin) => (
          <li key={pin.id}>
            <Link
              href={`/project?repo=${encodeURIComponent(pin.repoId)}`}
              data-testid="project-repo-link"
              data-repo-id={pin.repoId}
              className="block rounded-md border border-zinc-200 px-3 py-2 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-900"
            >
              <span className="block text-sm font-medium">{pin.label ?? pin.repoName}</span>
              <span className="block truncate font-mono text-[11px] text-zinc-500">{pin.repoRoot}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
