"use client";

import { useEffect } from "react";
import { SERVICE_WORKER_URL, shouldRegisterServiceWorker } from "./service-worker-policy.ts";

/**
 * Registers Arbor's service worker (offline start, notifications that open their worktree) once
 * per page load, where shouldRegisterServiceWorker allows it. A refusal only costs those extras.
 */
export function ServiceWorker() {
  useEffect(() => {
    const isAllowed = shouldRegisterServiceWorker({
      isProductionBuild: process.env.NODE_ENV === "production",
      isSecureContext: window.isSecureContext,
      protocol: window.location.protocol,
      hasServiceWorker: "serviceWorker" in navigator,
    });
    if (!isAllowed) return;
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: "/" })
      .catch((error: unknown) => console.warn("[arbor] the service worker did not register", error));
  }, []);
  return null;
}
