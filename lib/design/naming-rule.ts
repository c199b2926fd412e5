import { AppError } from "@/lib/errors/app-error.ts";
import { explainInvalidBranchName } from "./branch-name.ts";
import { isValidSlug } from "./slug.ts";

/** The one placeholder a naming rule may (and must) contain. */
export const SLUG_PLACEHOLDER = "{slug}";

export const NAMING_RULE_MAX_LENGTH = 100;

/** A sample slug: substituting it shows whether the rule's fixed text can be part of a branch name. */
const SAMPLE_SLUG = "x";

/**
 * Checks a repository's branch naming rule such as `feat/{slug}` and throws AppError('invalid_input')
 * when `{slug}` is missing or repeated, another `{…}` placeholder or brace appears, or the rule
 * cannot produce a valid git branch name (spaces, `..`, a trailing `/`, …).
 */
export function validateNamingRule(rule: string): void {
  splitNamingRule(rule);
}

/** The branch a node should live on: the rule with `{slug}` replaced. Throws invalid_input for a bad rule or slug. */
export function expectedBranchName({ rule, slug }: { rule: string; slug: string }): string {
  const { prefix, suffix } = splitNamingRule(rule);
  if (!isValidSlug(slug)) {
    throw new AppError(
      "invalid_input",
      `"${slug}" is not a valid node slug. Use 1–60 lowercase letters, digits and "-", not starting with "-".`,
      { details: { nodeSlug: slug } },
    );
  }
  return `${prefix}${slug}${suffix}`;
}

/**
 * The slug a branch name stands for under the rule (`feat/add-login` → `add-login` for
 * `feat/{slug}`), or null when the branch does not follow the rule or the part in place of `{slug}`
 * is not a valid slug. Throws invalid_input for a bad rule.
 */
export function matchNamingRule({ rule, branch }: { rule: string; branch: string }): string | null {
  return matchSplitRule({ ...splitNamingRule(rule), branch });
}

/** matchNamingRule for a rule already split (and so validated) by splitNamingRule, for loops over many branches. */
export function matchSplitRule({
  prefix,
  suffix,
  branch,
}: {
  prefix: string;
  suffix: string;
  branch: string;
}): string | null {
  if (branch.length <= prefix.length + suffix.length) return null;
  if (!branch.startsWith(prefix) || !branch.endsWith(suffix)) return null;
  const slug = branch.slice(prefix.length, branch.length - suffix.length);
  return isValidSlug(slug) ? slug : null;
}

/** Validates the rule and returns the text around `{slug}`. */
export function splitNamingRule(rule: string): { prefix: string; suffix: string } {
  const at = rule.indexOf(SLUG_PLACEHOLDER);
  if (at === -1)
    invalid({ rule, reason: `it has no ${SLUG_PLACEHOLDER} placeholder, so every node would get the same branch` });
  if (rule.length > NAMING_RULE_MAX_LENGTH)
    invalid({ rule, reason: `it is longer than ${NAMING_RULE_MAX_LENGTH} characters` });
  const prefix = rule.slice(0, at);
  const suffix = rule.slice(at + SLUG_PLACEHOLDER.length);
  if (/[{}]/.test(prefix + suffix)) {
    invalid({ rule, reason: `${SLUG_PLACEHOLDER} is the only placeholder, once, and no other "{" or "}" may appear` });
  }
  const problem = explainInvalidBranchName(`${prefix}${SAMPLE_SLUG}${suffix}`);
  if (problem) invalid({ rule, reason: `the branch names it makes are not valid in git: ${problem}` });
  return { prefix, suffix };
}

function invalid({ rule, reason }: { rule: string; reason: string }): never {
  throw new AppError(
    "invalid_input",
    `The branch naming rule "${rule}" is not valid: ${reason}. Use a rule such as "feat/${SLUG_PLACEHOLDER}".`,
    {
      details: { rule },
    },
  );
}
