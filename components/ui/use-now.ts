"use client";

import { useEffect, useState } from "react";
import { serverNow } from "@/components/realtime/server-clock.ts";

/** The server's clock as this tab knows it, ticking every `everyMs` (elapsed times that move). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
