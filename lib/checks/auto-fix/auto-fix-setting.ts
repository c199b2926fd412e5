import { z } from "zod";

/** Automatic fixes sent in a row before Arbor stops and asks the user, unless the user chose another number. */
export const DEFAULT_AUTO_FIX_ATTEMPTS = 2;
export const MAX_AUTO_FIX_ATTEMPTS = 10;

const attemptsRule = `maxAttempts is a whole number from 1 to ${MAX_AUTO_FIX_ATTEMPTS}`;

/**
 * What PUT /api/worktrees/checks/auto-fix may change (the route adds the worktree), each rule
 * saying what to send instead. Pure.
 */
export const autoFixSettingShape = {
  enabled: z.boolean("Say whether automatic fixes are on: enabled is true or false"),
  maxAttempts: z
    .number(attemptsRule)
    .int(attemptsRule)
    .min(1, `${attemptsRule}; to stop automatic fixes, send enabled: false`)
    .max(MAX_AUTO_FIX_ATTEMPTS, `${attemptsRule}: a check that still fails after that many fixes needs you`)
    .optional(),
};

export interface AutoFixSetting {
  enabled: boolean;
  maxAttempts?: number;
}
