import { describe, expect, it } from "vitest";
import { checkDraft } from "./check-draft.ts";
import { reduceDraft, type DraftAction } from "./draft-reducer.ts";
import { draftFromTree, draftToTree, EMPTY_DRAFT, orderDraft, type Draft } from "./draft-tree.ts";

const apply = (actions: DraftAction[], start: Draft = EMPTY_DRAFT) => actions.reduce(reduceDraft, start);

/** Auth with two children, typed in by hand. */
const authDraft = () =>
  apply([
    { type: "add", parentKey: null },
    { type: "setTitle", key: "n1", title: "Auth" },
    { type: "add", parentKey: "n1" },
    { type: "setTitle", key: "n2", title: "Login page" },
    { type: "add", parentKey: "n1" },
    { type: "setTitle", key: "n3", title: "Sign-up Straße" },
  ]);

describe("reduceDraft", () => {
  it("suggests slugs from titles until the slug is typed, and builds the edges from the parents", () => {
    const draft = apply(
      [
        { type: "setSlug", key: "n2", slug: "login" },
        { type: "setTitle", key: "n2", title: "Login screen" },
      ],
      authDraft(),
    );
    expect(draftToTree(draft)).toEqual({
      nodes: [
        { slug: "auth", title: "Auth", description: null, status: "planned" },
        { slug: "login", title: "Login screen", description: null, status: "planned" },
        { slug: "sign-up-strasse", title: "Sign-up Straße", description: null, status: "planned" },
      ],
      edges: [
        { parent: "auth", child: "login" },
        { parent: "auth", child: "sign-up-strasse" },
      ],
    });
    const cleared = apply(
      [
        { type: "setSlug", key: "n2", slug: "" },
        { type: "setTitle", key: "n2", title: "Login" },
      ],
      draft,
    );
    expect(cleared.nodes[1]?.slug).toBe("login");
  });

  it("keeps edges when a parent's slug is retyped", () => {
    const draft = apply([{ type: "setSlug", key: "n1", slug: "authn" }], authDraft());
    expect(draftToTree(draft).edges.map((edge) => edge.parent)).toEqual(["authn", "authn"]);
  });

  it("moves a node past its next sibling only, and not past the end", () => {
    const moved = apply([{ type: "move", key: "n2", offset: 1 }], authDraft());
    expect(moved.nodes.map((node) => node.key)).toEqual(["n1", "n3", "n2"]);
    expect(apply([{ type: "move", key: "n2", offset: 1 }], moved)).toEqual(moved);
    expect(apply([{ type: "move", key: "n1", offset: -1 }], moved)).toEqual(moved);
  });

  it("hands a removed node's children to its parent", () => {
    const draft = apply(
      [
        { type: "setParent", key: "n3", parentKey: "n2" },
        { type: "remove", key: "n2" },
      ],
      authDraft(),
    );
    expect(draft.nodes.map((node) => [node.key, node.parentKey])).toEqual([
      ["n1", null],
      ["n3", "n1"],
    ]);
  });

  it("round-trips a saved tree with its slugs fixed", () => {
    const tree = draftToTree(authDraft());
    const loaded = draftFromTree(tree);
    expect(draftToTree(loaded)).toEqual(tree);
    expect(apply([{ type: "setTitle", key: "n1", title: "Renamed" }], loaded).nodes[0]?.slug).toBe("auth");
    expect(apply([{ type: "add", parentKey: null }], loaded).nodes.at(-1)?.key).toBe("n4");
  });
});

describe("orderDraft", () => {
  it("lists children under their parent, whatever their position in the list", () => {
    const draft = apply(
      [
        { type: "add", parentKey: "n2" },
        { type: "setTitle", key: "n4", title: "Form" },
      ],
      authDraft(),
    );
    expect(orderDraft(draft.nodes).map(({ node, depth }) => `${node.slug}:${depth}`)).toEqual([
      "auth:0",
      "login-page:1",
      "form:2",
      "sign-up-strasse:1",
    ]);
  });

  it("still lists nodes caught in a cycle", () => {
    const draft = apply([{ type: "setParent", key: "n1", parentKey: "n2" }], authDraft());
    expect(orderDraft(draft.nodes)).toHaveLength(3);
  });
});

describe("checkDraft", () => {
  it("accepts a valid tree", () => {
    expect(checkDraft(authDraft())).toBeNull();
  });

  it("asks for a first node and for a title, as the next step and not as an error", () => {
    expect(checkDraft(EMPTY_DRAFT)).toMatchObject({ isIncomplete: true });
    expect(checkDraft(EMPTY_DRAFT)?.message).toContain("no nodes");
    const problem = checkDraft(apply([{ type: "add", parentKey: null }], authDraft()));
    expect(problem?.message).toContain("Node 4 has no title");
    expect(problem).toMatchObject({ keys: ["n4"], isIncomplete: true });
  });

  it("names the offending node: a duplicate slug, an invalid slug, a cycle", () => {
    const duplicate = checkDraft(apply([{ type: "setSlug", key: "n3", slug: "login-page" }], authDraft()));
    expect(duplicate?.message).toContain('"login-page"');
    expect(duplicate).toMatchObject({ keys: ["n2", "n3"], isIncomplete: false });
    expect(checkDraft(apply([{ type: "setSlug", key: "n2", slug: "Bad Slug" }], authDraft()))?.message).toContain(
      '"Bad Slug"',
    );
    const cycle = checkDraft(apply([{ type: "setParent", key: "n1", parentKey: "n2" }], authDraft()));
    expect(cycle?.message).toContain("cycle");
    expect(cycle?.keys).toEqual(["n1", "n2"]);
  });
});
