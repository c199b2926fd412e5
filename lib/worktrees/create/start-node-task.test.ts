import { describe, expect, it } from "vitest";
import { nodeTaskMessage } from "./start-node-task.ts";

describe("nodeTaskMessage", () => {
  it("says what the node is, then the plan's goal and the parent it builds on", () => {
    expect(
      nodeTaskMessage({
        plan: { title: "Checkout", goal: "Customers pay by card. " },
        node: { title: "Card form", description: "  Add the card fields and validate them.\n" },
        parent: { title: "Payment API" },
      }),
    ).toBe(
      [
        "Card form",
        "Add the card fields and validate them.",
        'This is one task of the plan "Checkout", whose goal is: Customers pay by card.\n' +
          'It builds on "Payment API": this branch starts from that node\'s branch, which has its work.',
      ].join("\n\n"),
    );
  });

  it("leaves out what the plan does not say: no description, no goal, a root without a parent", () => {
    expect(
      nodeTaskMessage({
        plan: { title: "Checkout", goal: "" },
        node: { title: "Payment API", description: null },
        parent: null,
      }),
    ).toBe('Payment API\n\nThis is one task of the plan "Checkout".');
  });
});
