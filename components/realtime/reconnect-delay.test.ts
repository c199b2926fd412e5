import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./reconnect-delay.ts";

describe("reconnectDelay", () => {
  it("doubles per attempt within the upper half of the ceiling", () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
  });

  it("is capped at 15 seconds", () => {
    expect(reconnectDelay(30, () => 1)).toBe(15_000);
    expect(reconnectDelay(30, () => 0)).toBe(7_500);
  });
});
