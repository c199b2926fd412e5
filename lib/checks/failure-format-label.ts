import type { FailureFormat } from "@/lib/realtime/check-views.ts";

const LABELS: Record<FailureFormat, string> = {
  tap: "TAP",
  junit: "JUnit XML",
  vitest: "vitest",
  jest: "Jest",
  pytest: "pytest",
  go: "go test",
  cargo: "cargo test",
};

/** The output format as people call it ("JUnit XML", "go test"), for the panel and the fix message. Pure. */
export function labelFailureFormat(format: FailureFormat): string {
  return LABELS[format];
}
