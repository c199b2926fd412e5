import { describe, expect, it } from "vitest";
import { panelWidth } from "./SidePanelFrame.tsx";

describe("panelWidth", () => {
  it("takes half the row until the user chose a width", () => {
    expect(panelWidth(null, 800)).toBe(400);
  });

  it("keeps a chosen width, but never leaves the chat or the panel under 272 px", () => {
    expect(panelWidth(350, 800)).toBe(350);
    expect(panelWidth(700, 800)).toBe(528);
    expect(panelWidth(100, 800)).toBe(272);
  });
});
