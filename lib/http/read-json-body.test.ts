import { describe, expect, it } from "vitest";
import { readJsonBody } from "./read-json-body.ts";

const request = (body: BodyInit, type = "application/json") =>
  new Request("http://localhost/api/x", { method: "POST", body, headers: { "content-type": type } });

describe("readJsonBody", () => {
  it("parses a JSON object", async () => {
    await expect(readJsonBody(request('{"a":"é"}'))).resolves.toEqual({ a: "é" });
  });

  it("refuses bodies over the limit with 413", async () => {
    await expect(readJsonBody(request(`"${"x".repeat(200)}"`), { maxBytes: 100 })).rejects.toMatchObject({
      code: "payload_too_large",
    });
  });

  it("refuses malformed JSON, invalid UTF-8, deep nesting and wrong content types", async () => {
    await expect(readJsonBody(request("{oops"))).rejects.toMatchObject({
      code: "bad_request",
      message: /not valid JSON/,
    });
    await expect(readJsonBody(request(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])))).rejects.toMatchObject({
      message: /UTF-8/,
    });
    await expect(readJsonBody(request("[".repeat(100) + "]".repeat(100)))).rejects.toMatchObject({ message: /nested/ });
    await expect(readJsonBody(request("a=b", "application/x-www-form-urlencoded"))).rejects.toMatchObject({
      code: "unsupported_media_type",
    });
    await expect(readJsonBody(request(""))).rejects.toMatchObject({ message: /empty/ });
  });

  it("does not count brackets inside strings as nesting", async () => {
    await expect(readJsonBody(request(JSON.stringify({ text: "[".repeat(100) })))).resolves.toEqual({
      text: "[".repeat(100),
    });
  });
});
