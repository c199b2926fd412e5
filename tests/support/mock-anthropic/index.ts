export { startMockAnthropic } from "./server.ts";
export { lastUserText, findHumanTurn, findLastToolResult } from "./request-inspect.ts";
export { parseDirective, DEFAULT_SCRIPT } from "./directives.ts";
export type * from "./types.ts";
