import { describe, expect, it } from "vitest";
import { ACTOR_HEADER, describeActor, encodeActor, readActor, requireBrowser } from "./actor.ts";

const requestWith = (header: string | null) =>
  new Request("http://127.0.0.1/api/x", { headers: header === null ? {} : { [ACTOR_HEADER]: header } });

describe("actor header", () => {
  it("reads back what the server wrote", () => {
    const actor = { kind: "browser" as const, sessionId: "s1", label: "Firefox on Linux" };
    expect(readActor(requestWith(encodeActor(actor)))).toEqual(actor);
    expect(readActor(requestWith(encodeActor({ kind: "api-client" })))).toEqual({ kind: "api-client" });
  });

  it("refuses a request the server did not authenticate", () => {
    expect(() => readActor(requestWith(null))).toThrow(/not authenticated/);
    expect(() => readActor(requestWith("not base64 json"))).toThrow(/not authenticated/);
  });

  it("names a browser by its sign-in, so two browsers of one kind differ", () => {
    expect(describeActor({ kind: "browser", sessionId: "3f9a11aa-0000", label: "Firefox on Linux" })).toBe(
      "Firefox on Linux · 3f9a",
    );
    expect(describeActor({ kind: "api-client" })).toBe("an API client");
  });

  it("lets only a signed-in browser act", () => {
    expect(() => requireBrowser(requestWith(encodeActor({ kind: "api-client" })))).toThrow(/only reads/);
  });
});
