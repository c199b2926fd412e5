import { DEFAULT_SCRIPT, parseDirective } from "./directives.ts";
import { countAssistantMessagesAfter, findHumanTurn, findWorkingDirectory } from "./request-inspect.ts";
import type { MockResponder, MockScript, MockStep, RecordedRequest } from "./types.ts";

const FINISHED_STEP: MockStep = { type: "text", text: "Done." };
const NON_STREAMING_STEP: MockStep = { type: "text", text: "Mock reply." };

/**
 * Chooses the step that answers a request: the responder, a directive, then the turn's queued script,
 * then the default.
 */
export interface ScriptBook {
  setDefault(script: MockScript): void;
  enqueue(script: MockScript): void;
  setResponder(responder: MockResponder | null): void;
  resolveStep(request: RecordedRequest): MockStep;
}

/**
 * Keeps the per-turn state a script needs. A turn is keyed by session id, agent id and the index of
 * the human message, so the CLI's retries and its tool_result follow-ups stay on the same script
 * and only a new turn takes the next queued one. Non-streaming calls (side requests such as
 * classifiers) never consume queued scripts.
 */
export function createScriptBook(params: { defaultScript?: MockScript; slowDeltaMs: number }): ScriptBook {
  let defaultScript = params.defaultScript ?? DEFAULT_SCRIPT;
  const queue: MockScript[] = [];
  const boundScripts = new Map<string, MockScript>();
  const errorsServed = new Map<string, number>();
  let responder: MockResponder | null = null;

  function scriptFor(request: RecordedRequest, turnKey: string, humanText: string | null): MockScript | null {
    const answered = responder?.({ request, humanText }) ?? null;
    if (answered) return answered;
    if (humanText !== null) {
      const directive = parseDirective({
        text: humanText,
        workingDirectory: findWorkingDirectory(request.body),
        slowDeltaMs: params.slowDeltaMs,
      });
      if (directive) return directive;
    }
    if (!request.isStreaming) return null;
    const bound = boundScripts.get(turnKey);
    if (bound) return bound;
    const script = queue.shift() ?? defaultScript;
    boundScripts.set(turnKey, script);
    return script;
  }

  return {
    setDefault(script) {
      defaultScript = script;
    },
    enqueue(script) {
      queue.push(script);
    },
    setResponder(next) {
      responder = next;
    },
    resolveStep(request) {
      const human = findHumanTurn(request.body);
      const turnKey = [
        request.headers["x-claude-code-session-id"],
        request.headers["x-claude-code-agent-id"],
        human?.index,
      ].join("|");
      const script = scriptFor(request, turnKey, human?.text ?? null);
      if (!script) return NON_STREAMING_STEP;
      let stepIndex = human ? countAssistantMessagesAfter(request.body, human.index) : 0;
      for (;;) {
        const step = script.steps[stepIndex];
        if (!step) return FINISHED_STEP;
        if (step.type !== "error" || step.times === undefined) return step;
        const counterKey = `${turnKey}|${stepIndex}`;
        const served = errorsServed.get(counterKey) ?? 0;
        if (served < step.times) {
          errorsServed.set(counterKey, served + 1);
          return step;
        }
        stepIndex += 1;
      }
    },
  };
}
