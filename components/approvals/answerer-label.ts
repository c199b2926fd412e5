/**
 * Who answered, as this browser says it: "this browser" for its own answers (the server signs each answer
 * with the browser's sign-in, never with a name the page chose). Null when nobody did (a timeout, a stop).
 */
export function describeAnsweredBy(input: { answeredBy: string | null; ownLabel: string | null }): string | null {
  if (!input.answeredBy) return null;
  return input.answeredBy === input.ownLabel ? "this browser" : input.answeredBy;
}
