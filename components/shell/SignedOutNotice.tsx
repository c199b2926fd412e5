"use client";

import { useSyncExternalStore } from "react";
import { readPageKey, SIGNED_OUT_EVENT } from "@/components/api/page-key.ts";

/** Set once Arbor refused this page's credentials; a reload (after signing in again) starts afresh. */
let wasRefused = false;

function subscribe(onChange: () => void): () => void {
  const onSignedOut = () => {
    wasRefused = true;
    onChange();
  };
  window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
  return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
}

function readSignedOut(): boolean {
  return wasRefused || readPageKey() === null;
}

/**
 * Said over the page when Arbor refuses this browser: it was signed out, or its page key is gone (site data
 * cleared, another profile). Nothing the page shows works until it signs in again, so the way back is
 * spelled out instead of every panel failing on its own.
 */
export function SignedOutNotice() {
  const isSignedOut = useSyncExternalStore(subscribe, readSignedOut, () => false);
  if (!isSignedOut) return null;
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-900/40 p-4">
      <section
        role="alertdialog"
        aria-labelledby="signed-out-title"
        data-testid="signed-out-notice"
        className="max-w-lg rounded-lg border border-slate-200 bg-white p-5 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="signed-out-title" className="mb-2 text-base font-semibold">
          This browser is not signed in to Arbor
        </h2>
        <p className="mb-2">
          Arbor refused this page&apos;s requests: the browser was signed out, or the key Arbor gave it at sign-in is
          gone. Nothing was changed.
        </p>
        <ul className="mb-2 list-disc pl-5">
          <li>
            Run <code>npx arbor open</code> in Arbor&apos;s folder: Arbor prints a new sign-in link in the terminal
            where it runs.
          </li>
          <li>Or, in a browser that is signed in: Settings → Signed-in browsers → Sign in another device.</li>
        </ul>
        <p className="text-slate-600 dark:text-slate-400">A sign-in link works once; open it in this browser.</p>
      </section>
    </div>
  );
}
