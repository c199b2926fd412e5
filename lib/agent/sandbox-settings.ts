import { AppError } from "@/lib/errors/app-error.ts";

/**
 * Claude Code's own sandbox for a run's Bash commands (bubblewrap on Linux, Seatbelt on macOS):
 * writes only inside the working directory, network only to `allowedDomains`. Verified with the CLI
 * 2.1.332: sandboxed commands run without asking (`autoAllowBashIfSandboxed`), a write outside the
 * worktree fails as a read-only file system, a domain not listed is refused by the CLI's proxy, and
 * with `failIfUnavailable` a CLI that cannot sandbox refuses to start instead of running unsandboxed.
 */
export interface SandboxSettings {
  allowedDomains: string[];
}

/** The `sandbox` block of a run's `--settings` (flag settings outrank the project's own). */
export function sandboxSettingsJson(sandbox: SandboxSettings): Record<string, unknown> {
  return {
    enabled: true,
    autoAllowBashIfSandboxed: true,
    failIfUnavailable: true,
    allowUnsandboxedCommands: false,
    network: { allowedDomains: sandbox.allowedDomains },
  };
}

const MAX_DOMAINS = 50;
/** A host name, optionally behind `*.` (every subdomain), as the sandbox's proxy matches them. */
const DOMAIN_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The domains a user typed (commas, spaces or new lines between them), lower-cased and without
 * duplicates. Throws AppError (invalid_input) naming the first entry that is not a host name.
 */
export function parseSandboxDomains(input: unknown): string[] {
  if (input === undefined || input === null) return [];
  if (typeof input !== "string" && !Array.isArray(input)) {
    throw new AppError("invalid_input", "Allowed domains must be a list of host names, such as registry.npmjs.org.");
  }
  const entries = typeof input === "string" ? input.split(/[\s,]+/) : input.map((entry) => String(entry));
  const domains = [...new Set(entries.map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== ""))];
  const bad = domains.find((domain) => domain.length > 253 || !DOMAIN_PATTERN.test(domain));
  if (bad !== undefined) {
    throw new AppError(
      "invalid_input",
      `"${bad}" is not a domain the sandbox can allow. Give host names such as registry.npmjs.org or *.github.com, without a scheme, port or path.`,
      { details: { domain: bad } },
    );
  }
  if (domains.length > MAX_DOMAINS) {
    throw new AppError(
      "invalid_input",
      `${domains.length} allowed domains is more than the ${MAX_DOMAINS} the sandbox takes here. Remove some.`,
    );
  }
  return domains;
}

/** Reads a stored list back; a row that does not hold one gives no domains (the strictest). */
export function readStoredDomains(stored: string | null): string[] | null {
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}
