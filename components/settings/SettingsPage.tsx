"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useSettings } from "@/components/api/settings-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { NotificationSettings } from "./NotificationSettings.tsx";
import { RepoSettingsSection } from "./RepoSettingsSection.tsx";
import { SettingsForm } from "./SettingsForm.tsx";
import { SignedInBrowsers } from "./SignedInBrowsers.tsx";

/** The repository of the page Settings was opened from (`from` is that page's query string). */
function repoOf(from: string | null): string | null {
  return from?.startsWith("?") ? new URLSearchParams(from).get("repo") : null;
}

/** /settings: how Arbor runs Claude Code, Arbor-wide and per repository. */
export function SettingsPage() {
  const settings = useSettings();
  // Only a query string is accepted, so the link always stays on this origin.
  const from = useSearchParams().get("from");
  const backHref = from && from.startsWith("?") ? `/${from}` : "/";
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-2xl p-6">
        <Link
          href={backHref}
          data-testid="settings-back"
          className="text-sm text-zinc-600 hover:text-emerald-700 dark:text-zinc-400 dark:hover:text-emerald-400"
        >
          ← Back to Arbor
        </Link>
        <h1 className="mb-1 mt-3 text-lg font-semibold tracking-tight">Settings</h1>
        <p className="mb-6 text-sm text-zinc-500">
          How Arbor runs Claude Code. Changes apply to runs that start after saving.
        </p>
        {settings.error ? <ErrorNotice error={settings.error} testId="settings-load-error" /> : null}
        {settings.isPending ? <p className="text-sm text-zinc-500">Loading settings…</p> : null}
        {settings.data ? (
          <SettingsForm
            settings={settings.data.settings}
            claude={settings.data.claude}
            agentsAtOnce={settings.data.agentsAtOnce}
          />
        ) : null}
        {settings.data ? <NotificationSettings prefs={settings.data.settings} /> : null}
        {settings.data ? <RepoSettingsSection initialRepoId={repoOf(from)} /> : null}
        <SignedInBrowsers />
      </div>
    </div>
  );
}
