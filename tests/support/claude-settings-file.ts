import { readJsonFile } from "./read-json.ts";

/** The parts of a Claude Code settings file (settings.json, settings.local.json) that tests read. */
export interface ClaudeSettingsFile {
  model?: string;
  hooks?: Record<string, Array<{ matcher?: string; hooks: Array<{ type: string; command: string }> }>>;
}

/** Reads a Claude Code settings file as written by Arbor (or by the user). */
export function readClaudeSettings(file: string): ClaudeSettingsFile {
  return readJsonFile<ClaudeSettingsFile>(file);
}
