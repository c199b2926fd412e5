import type { Settings, SettingsPatch } from "@/lib/settings/settings-schema.ts";

/** The settings form as the user edits it: everything is text until it is saved. */
export interface SettingsFormValues {
  claudeBin: string;
  model: string;
  permissionMode: Settings["permissionMode"];
  allowedTools: string;
  disallowedTools: string;
  runTimeoutSeconds: string;
  maxConcurrentRuns: string;
  recentMessageCount: string;
  ledgerPromptEntries: string;
  maxMessageBytes: string;
}

export type FieldErrors = Partial<Record<keyof SettingsFormValues, string>>;

const NUMBER_FIELDS = [
  "runTimeoutSeconds",
  "maxConcurrentRuns",
  "recentMessageCount",
  "ledgerPromptEntries",
  "maxMessageBytes",
] as const;

export function toFormValues(settings: Settings): SettingsFormValues {
  return {
    claudeBin: settings.claudeBin,
    model: settings.model ?? "",
    permissionMode: settings.permissionMode,
    allowedTools: settings.allowedTools.join("\n"),
    disallowedTools: settings.disallowedTools.join("\n"),
    runTimeoutSeconds: String(settings.runTimeoutSeconds),
    maxConcurrentRuns: settings.maxConcurrentRuns === null ? "" : String(settings.maxConcurrentRuns),
    recentMessageCount: String(settings.recentMessageCount),
    ledgerPromptEntries: String(settings.ledgerPromptEntries),
    maxMessageBytes: String(settings.maxMessageBytes),
  };
}

/** Tool names, one per line or separated by commas. */
export function parseToolList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((tool) => tool.trim())
    .filter((tool) => tool.length > 0);
}

/**
 * The PUT body for the form. Only whole numbers are checked here (an empty agents-at-once is null); ranges and tool names are
 * the server's to judge (its 422 comes back through `issuesToFieldErrors`).
 */
export function toSettingsPatch(values: SettingsFormValues): { patch: SettingsPatch; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const numbers: Partial<Pick<SettingsPatch, (typeof NUMBER_FIELDS)[number]>> = {};
  for (const field of NUMBER_FIELDS) {
    const text = values[field].trim();
    // Agents at once may be left empty: the machine decides.
    if (text === "" && field === "maxConcurrentRuns") numbers.maxConcurrentRuns = null;
    else if (!/^\d+$/.test(text)) errors[field] = "Enter a whole number.";
    else numbers[field] = Number(text);
  }
  const model = values.model.trim();
  const patch: SettingsPatch = {
    claudeBin: values.claudeBin.trim(),
    model: model === "" ? null : model,
    permissionMode: values.permissionMode,
    allowedTools: parseToolList(values.allowedTools),
    disallowedTools: parseToolList(values.disallowedTools),
    ...numbers,
  };
  return { patch, errors };
}

/** Maps the issues of a 422 body (`details.issues: [{path, message}]`) to the form's fields. */
export function issuesToFieldErrors(details: Record<string, unknown> | undefined): FieldErrors {
  const issues = Array.isArray(details?.issues) ? details.issues : [];
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (typeof issue !== "object" || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const field = typeof path === "string" ? path.split(".")[0] : undefined;
    if (field && isFormField(field) && typeof message === "string" && !errors[field]) errors[field] = message;
  }
  return errors;
}

function isFormField(field: string): field is keyof SettingsFormValues {
  return ["claudeBin", "model", "permissionMode", "allowedTools", "disallowedTools", ...NUMBER_FIELDS].includes(field);
}
