import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import type { DesignNode, DesignTree } from "./types.ts";
import { suggestSlug } from "./slug.ts";
import { validateDesignTree } from "./validate-tree.ts";

function node(slug: string, overrides: Partial<DesignNode> = {}): DesignNode {
  return { slug, title: `Title of ${slug}`, description: null, status: "planned", ...overrides };
}

/** The AppError validateDesignTree throws for `tree`, reduced to what the UI shows and uses. */
function problemOf(tree: DesignTree) {
  try {
    validateDesignTree(tree);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, status: error.status, message: error.message, details: error.details };
  }
  throw new Error("validateDesignTree accepted the tree");
}

describe("validateDesignTree", () => {
  it("accepts a forest with several roots, descriptions and every status", () => {
    const tree: DesignTree = {
      nodes: [
        node("auth", { status: "done", description: "Sign in" }),
        node("login", { status: "in_progress" }),
        node("a1"),
        node("docs"),
      ],
      edges: [
        { parent: "auth", child: "login" },
        { parent: "login", child: "a1" },
      ],
    };
    expect(() => validateDesignTree(tree)).not.toThrow();
    expect(() => validateDesignTree({ nodes: [], edges: [] })).not.toThrow();
  });

  it.each([
    ["Add-Login", "uppercase"],
    ["-login", "a leading dash"],
    ["", "nothing"],
    ["add login", "a space"],
    ["a".repeat(61), "61 characters"],
    ["ünï", "non-ASCII letters"],
  ])('rejects the slug "%s" (%s), naming the node by title and slug', (slug) => {
    const problem = problemOf({ nodes: [node("ok"), node(slug, { title: "Add login" })], edges: [] });
    expect(problem).toMatchObject({
      code: "invalid_input",
      status: 422,
      details: { problem: "invalid_slug", nodeSlug: slug },
    });
    expect(problem.message).toContain('Node "Add login"');
    expect(problem.message).toContain(`"${slug}"`);
  });

  it("accepts the longest slug and one made of digits", () => {
    expect(() =>
      validateDesignTree({ nodes: [node("a".repeat(60)), node("42"), node("x-")], edges: [] }),
    ).not.toThrow();
  });

  it("rejects an empty or blank title", () => {
    expect(problemOf({ nodes: [node("login", { title: "  " })], edges: [] })).toMatchObject({
      details: { problem: "empty_title", nodeSlug: "login" },
      message: expect.stringContaining('Node "login" has an empty title'),
    });
  });

  it("rejects an unknown status", () => {
    const bad = node("login", { status: "blocked" as DesignNode["status"] });
    expect(problemOf({ nodes: [bad], edges: [] })).toMatchObject({
      details: { problem: "invalid_status", nodeSlug: "login" },
      message: expect.stringContaining("planned, in_progress, done"),
    });
  });

  it("rejects a duplicate slug", () => {
    expect(problemOf({ nodes: [node("login"), node("logout"), node("login")], edges: [] })).toMatchObject({
      details: { problem: "duplicate_slug", nodeSlug: "login" },
      message: expect.stringContaining('Two nodes use the slug "login"'),
    });
  });

  it("rejects an edge whose parent or child is not a node, naming the missing one", () => {
    const nodes = [node("auth"), node("login")];
    expect(problemOf({ nodes, edges: [{ parent: "ghost", child: "login" }] })).toMatchObject({
      details: { problem: "unknown_edge_end", nodeSlug: "ghost" },
      message: expect.stringContaining('The edge ghost → login refers to node "ghost"'),
    });
    expect(problemOf({ nodes, edges: [{ parent: "auth", child: "ghost" }] })).toMatchObject({
      details: { nodeSlug: "ghost" },
    });
  });

  it("rejects a node with two parents, and an edge listed twice", () => {
    const nodes = [node("auth"), node("api"), node("login")];
    expect(
      problemOf({
        nodes,
        edges: [
          { parent: "auth", child: "login" },
          { parent: "api", child: "login" },
        ],
      }),
    ).toMatchObject({
      details: { problem: "two_parents", nodeSlug: "login" },
      message: expect.stringContaining('"auth" and "api"'),
    });
    expect(
      problemOf({
        nodes,
        edges: [
          { parent: "auth", child: "login" },
          { parent: "auth", child: "login" },
        ],
      }),
    ).toMatchObject({ details: { problem: "duplicate_edge", nodeSlug: "login" } });
  });

  it("rejects a cycle, listing its nodes from the first one in the design, parent before child", () => {
    const problem = problemOf({
      nodes: [node("root"), node("a"), node("b"), node("c")],
      edges: [
        { parent: "root", child: "c" },
        { parent: "b", child: "a" },
        { parent: "a", child: "b" },
      ],
    });
    expect(problem).toMatchObject({ details: { problem: "cycle", nodeSlug: "a", cycle: ["a", "b"] } });
    expect(problem.message).toContain("a → b → a");
  });

  it("rejects a node that is its own parent, and finds a long cycle hanging below a tree", () => {
    expect(problemOf({ nodes: [node("solo")], edges: [{ parent: "solo", child: "solo" }] })).toMatchObject({
      details: { problem: "cycle", cycle: ["solo"] },
    });
    const problem = problemOf({
      nodes: [node("x"), node("y"), node("z"), node("w")],
      edges: [
        { parent: "x", child: "y" },
        { parent: "y", child: "z" },
        { parent: "z", child: "x" },
      ],
    });
    expect(problem.details).toMatchObject({ nodeSlug: "x", cycle: ["x", "y", "z"] });
  });
});

describe("suggestSlug", () => {
  it.each([
    ["Add login page", "add-login-page"],
    ["  --Fix: crash on start!!  ", "fix-crash-on-start"],
    ["Ünïcode Straße für Æsir", "unicode-strasse-fur-aesir"],
    ["Łódź & Øresund", "lodz-oresund"],
    ["v2.0 API", "v2-0-api"],
    ["日本語", "task"],
    ["", "task"],
    ["---", "task"],
  ])("%j → %j", (title, slug) => {
    expect(suggestSlug(title)).toBe(slug);
  });

  it("cuts long titles to 60 characters without a trailing dash", () => {
    const slug = suggestSlug(`${"a".repeat(59)} bcd`);
    expect(slug).toBe("a".repeat(59));
    expect(suggestSlug("word ".repeat(30))).toHaveLength(59);
  });

  it("always returns a slug validateDesignTree accepts", () => {
    for (const title of ["-x", "Ŧest", "🙂 smile", "a-b", "ÀÉÎÕÜ", "x".repeat(200)]) {
      expect(() => validateDesignTree({ nodes: [node(suggestSlug(title))], edges: [] })).not.toThrow();
    }
  });
});
