/**
 * The environment that gives the `claude` processes tests start (through a server or directly) a fair share of
 * the CPU instead of the product's niceness 19: two test workers share two cores, and one worker's browser or
 * tests held another's CLI in its boot past the tests' limits (decision 0030).
 */
export const FAIR_SHARE_AGENTS = { ARBOR_AGENT_NICENESS: "0" } as const;
