"use client";

import { useSignedInBrowsers } from "@/components/api/sign-in-api.ts";

/** How the server signs this browser's answers ("Chromium on Linux · 3f9a"); null until known. */
export function useAnswererLabel(): string | null {
  const browsers = useSignedInBrowsers();
  return browsers.data?.find((browser) => browser.isCurrent)?.name ?? null;
}
