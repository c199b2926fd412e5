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

  it("says a child starts from the base its parent landed on, and quotes what the parent's agent ended with", () => {
    const message = nodeTaskMessage({
      plan: { title: "Checkout", goal: "" },
      node: { title: "Card form", description: "Add the fields." },
      parent: { title: "Payment API", outcome: `POST /pay is done. ${"y".repeat(1300)}` },
      from: "base",
    });
    expect(message).toContain(
      'It builds on "Payment API": that node has landed, and this branch starts from the base, which has its work.',
    );
    expect(message).toContain("Its agent ended with:\nPOST /pay is done.");
    expect(message.endsWith("y…")).toBe(true);
  });
});
