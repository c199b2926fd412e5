"use client";

import { useSignedInBrowsers, useSignInLink, useSignOutBrowser } from "@/components/api/sign-in-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { CopyButton } from "@/components/ui/CopyButton.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";

/**
 * Settings → Signed-in browsers: who may act for you in Arbor (answer requests, trust repositories, change
 * settings), each signed out in one click, and a one-time link to sign another device in.
 */
export function SignedInBrowsers() {
  const browsers = useSignedInBrowsers();
  const signOut = useSignOutBrowser();
  const link = useSignInLink();
  return (
    <section aria-labelledby="signed-in-browsers-title" className="mt-10 space-y-3" data-testid="signed-in-browsers">
      <h2 id="signed-in-browsers-title" className="text-base font-semibold">
        Signed-in browsers
      </h2>
      <p className="text-sm text-zinc-500">
        Only these browsers can answer Claude&apos;s requests, trust a repository or change a setting. The access token
        (API clients, any program Arbor starts) only reads.
      </p>
      {browsers.error ? <ErrorNotice error={browsers.error} testId="signed-in-browsers-error" /> : null}
      <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
        {(browsers.data ?? []).map((browser) => (
          <li key={browser.id} className="flex items-center gap-3 px-3 py-2" data-testid="signed-in-browser">
            <span className="min-w-0 flex-1">
              <span className="font-medium">{browser.name}</span>
              {browser.isCurrent ? (
                <span className="ml-2 text-xs text-emerald-700 dark:text-emerald-400">this browser</span>
              ) : null}
              <span className="block text-xs text-zinc-500">
                signed in {formatRelativeTime(browser.createdAt)} · last seen {formatRelativeTime(browser.lastSeenAt)}
              </span>
            </span>
            <Button
              data-testid="sign-out-browser"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate(browser.id)}
            >
              Sign out
            </Button>
          </li>
        ))}
      </ul>
      {signOut.error ? <ErrorNotice error={signOut.error} testId="sign-out-error" /> : null}
      <div className="space-y-2">
        <Button data-testid="sign-in-another-device" disabled={link.isPending} onClick={() => link.mutate()}>
          Sign in another device
        </Button>
        {link.error ? <ErrorNotice error={link.error} testId="sign-in-link-error" /> : null}
        {link.data ? (
          <p className="break-all text-sm" data-testid="sign-in-link">
            Open this link on the other device (it works once, for 10 minutes):{" "}
            <code className="select-all">{link.data.url}</code> <CopyButton getText={() => link.data.url} />
          </p>
        ) : null}
      </div>
    </section>
  );
}
