"use client";

import { useCallback, useEffect, useRef } from "react";
import { nextWarmAllowedAt } from "./warm-schedule.ts";
import { pageKeyHeaders } from "@/components/api/page-key.ts";

/** Typing must pause this long before a warm request goes out. */
const TYPING_DEBOUNCE_MS = 400;

/**
 * POST /api/chat/warm: boots a claude for this conversation's next send, once when the chat opens
 * and again when the user starts typing (debounced, and spaced out: see warm-schedule.ts). It is
 * only a head start, so failures are not shown; they just hold the next attempt back.
 * Returns `warmSoon` for typing and `warmNow` for a change that discarded the warm CLI (the mode).
 */
export function useWarmCli(sessionId: string, isEnabled: boolean): { warmSoon: () => void; warmNow: () => void } {
  const allowedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const request = useCallback(
    (isForced: boolean) => {
      const now = Date.now();
      if (!isEnabled || (!isForced && now < allowedAt.current)) return;
      allowedAt.current = nextWarmAllowedAt({ requestedAt: now, hasFailed: false });
      const failed = () => {
        allowedAt.current = nextWarmAllowedAt({ requestedAt: Date.now(), hasFailed: true });
      };
      fetch("/api/chat/warm", {
        method: "POST",
        headers: { "content-type": "application/json", ...pageKeyHeaders() },
        body: JSON.stringify({ sessionId }),
      }).then((response) => {
        if (!response.ok) failed();
      }, failed);
    },
    [sessionId, isEnabled],
  );

  useEffect(() => {
    request(false);
    return () => clearTimeout(timer.current);
  }, [request]);

  const warmSoon = useCallback(() => {
    if (Date.now() < allowedAt.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => request(false), TYPING_DEBOUNCE_MS);
  }, [request]);
  const warmNow = useCallback(() => request(true), [request]);
  return { warmSoon, warmNow };
}
