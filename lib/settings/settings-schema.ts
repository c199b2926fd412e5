import { z } from "zod";
import { MAX_CONCURRENCY } from "@/lib/agent/agent-concurrency.ts";
import { PERMISSION_MODES } from "@/lib/agent/claude-args.ts";
import { LAND_METHODS } from "./land-methods.ts";

const toolName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((value) => !value.startsWith("-"), "Tool names cannot start with '-'");

/** Arbor's settings, stored in the `settings` table. Defaults are safe: never bypass permissions. */
export const settingsSchema = z.object({
  claudeBin: z
    .string()
    .trim()
    .min(1, "Give the claude binary (a name on PATH or an absolute path)")
    .max(4096)
    .default("claude"),
  /**
   * `claudeBin` resolved to an absolute path when it was saved (Arbor's own PATH, absolute entries
   * outside pinned repositories only); null when it was never saved. Not settable through the API.
   */
  claudeBinPath: z.string().max(4096).nullable().default(null),
  model: z.string().trim().max(200).nullable().default(null),
  permissionMode: z.enum(PERMISSION_MODES).default("default"),
  /** The method the Land dialog preselects (a repository may choose its own). */
  landMethod: z.enum(LAND_METHODS).default("merge"),
  allowedTools: z.array(toolName).max(100).default([]),
  disallowedTools: z.array(toolName).max(100).default([]),
  runTimeoutSeconds: z
    .number()
    .int()
    .min(5)
    .max(24 * 3600)
    .default(1800),
  /** Agents running at once across worktrees; null: follow the machine (lib/agent/agent-concurrency.ts). */
  maxConcurrentRuns: z.number().int().min(1).max(MAX_CONCURRENCY).nullable().default(null),
  /**
   * The recent window: messages after the summary go verbatim; once more than this many are not
   * covered, upkeep summarizes all but the newest half of them (before a gap could form).
   */
  recentMessageCount: z.number().int().min(0).max(500).default(20),
  maxMessageBytes: z
    .number()
    .int()
    .min(1024)
    .max(8 * 1024 * 1024)
    .default(1024 * 1024),
  /** The assembled prompt's size budget (characters); older messages are dropped first. */
  promptBudgetChars: z.number().int().min(10_000).max(4_000_000).default(400_000),
  summaryModel: z.string().trim().min(1).max(200).default("haiku"),
  summaryTimeoutSeconds: z.number().int().min(5).max(3600).default(180),
  autoUpkeep: z.boolean().default(true),
  upkeepMessageThreshold: z.number().int().min(10).max(100_000).default(200),
  upkeepCharThreshold: z.number().int().min(10_000).max(100_000_000).default(2_000_000),
  upkeepKeepLastN: z.number().int().min(0).max(10_000).default(50),
  /** Ledger entries (decisions in force, open tasks) a prompt loads, the newest; the rest are named as left out. */
  ledgerPromptEntries: z.number().int().min(1).max(1000).default(100),
  /** How long a run waits for an answer to a permission request, a question or a plan before it is denied. */
  approvalTimeoutSeconds: z
    .number()
    .int()
    .min(5)
    .max(24 * 3600)
    .default(1800),
  /** A running answer with no event for this long says so and offers Stop or keep waiting. */
  silenceWarningSeconds: z
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .default(120),
  /** Warm CLIs: at most this many `claude` processes started ahead of a send (0: never). */
  warmCliMax: z.number().int().min(0).max(16).default(3),
  /** A warm CLI nobody sends to within this time is ended. */
  warmCliIdleSeconds: z
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .default(300),
  /** The warm CLIs' memory together stays under this (MB); the least recently used go first. */
  warmCliMemoryMb: z.number().int().min(64).max(65_536).default(2048),
  /** How long a commit from the Changes tab may take, the repository's hooks included, before it is stopped. */
  commitTimeoutSeconds: z.number().int().min(1).max(3600).default(120),
  /** Which states reach the inbox and the desktop: a worktree waiting for the user, a failed run, a finished run. */
  notifyWaiting: z.boolean().default(true),
  notifyFailed: z.boolean().default(true),
  notifyFinished: z.boolean().default(true),
  /** Quiet mode: the inbox still collects, but no desktop notification, toast or sound. */
  quietMode: z.boolean().default(false),
  /** Hook events older than this many days are deleted (0: kept forever); never one a run or the ledger refers to. */
  hookRetentionDays: z.number().int().min(0).max(36_500).default(0),
  /** A repository's hook events beyond this many MB of payload are deleted, oldest first (0: no limit); same exceptions. */
  hookRetentionMb: z.number().int().min(0).max(10_000_000).default(0),
  /** Transcript relays read from Claude's transcripts older than this many days are deleted (0: kept forever). */
  transcriptRetentionDays: z.number().int().min(0).max(36_500).default(0),
  /** Largest hook payload accepted (bytes); bigger deliveries get 413. */
  hookMaxPayloadBytes: z
    .number()
    .int()
    .min(64 * 1024)
    .max(64 * 1024 * 1024)
    .default(10 * 1024 * 1024),
});

export type Settings = z.infer<typeof settingsSchema>;

type SettingsShape = typeof settingsSchema.shape;
type WithoutDefaults = {
  [K in keyof SettingsShape]: SettingsShape[K] extends z.ZodDefault<infer T> ? T : SettingsShape[K];
};

/**
 * The fields without their defaults: zod keeps a default inside `.partial()`, so a PUT of one field
 * would otherwise store every other field's default too (resetting them).
 */
const fieldsWithoutDefaults = Object.fromEntries(
  Object.entries(settingsSchema.shape).map(([key, field]) => [
    key,
    field instanceof z.ZodDefault ? field.unwrap() : field,
  ]),
) as WithoutDefaults;

/**
 * A partial update: only the fields sent are stored; unknown keys are refused so typos do not
 * silently do nothing. The resolved claude path is Arbor's to set.
 */
export const settingsPatchSchema = z.object(fieldsWithoutDefaults).omit({ claudeBinPath: true }).partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** Which claude binary runs (GET and PUT /api/settings): its absolute path, or why none was found. */
export interface ClaudeBinView {
  path: string | null;
  problem: string | null;
}
