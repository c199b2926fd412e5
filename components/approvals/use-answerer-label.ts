"use client";

import { useSyncExternalStore } from "react";
import { readAnswererLabel } from "./answerer-label.ts";

const subscribe = () => () => undefined;

/** This tab's label for answers ("Chrome tab · 3f9a"); null while rendering on the server. */
export function useAnswererLabel(): string | null {
  return useSyncExternalStore(subscribe, readAnswererLabel, () => null);
}
