import { timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors/app-error.ts";
import { getConfig } from "@/lib/config/current-config.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { loadOrCreateHookToken } from "./hook-files.ts";

const hookTokenState = defineProcessState("hookToken", () => loadOrCreateHookToken(getConfig().dataDir));

/** This install's hook token (loaded once per process from the data directory). */
export function getHookToken(): string {
  return hookTokenState.get();
}

/** Refuses a hook delivery without this install's token (401, nothing stored). */
export function assertHookToken(presented: string | null): void {
  const expected = Buffer.from(getHookToken());
  const given = Buffer.from(presented ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(
      "unauthorized",
      presented
        ? "Wrong hook token: this hook was installed by another Arbor. Reinstall Arbor's hooks."
        : "Missing X-Arbor-Hook-Token header.",
    );
  }
}
