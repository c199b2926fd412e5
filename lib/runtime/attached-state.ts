/**
 * State that belongs to one shared object (a database client, the process host), kept on the
 * object under a `Symbol.for` key rather than in a module's map: the server and Next's bundled
 * route handlers hold separate copies of lib/ but share the object, and the state goes with it.
 * Two objects never share it (a test's own database client starts empty).
 */
export interface AttachedState<T> {
  /** The object's value, created on first use. */
  get(owner: object): T;
  /** The object's value if it was created. */
  peek(owner: object): T | undefined;
}

export function defineAttachedState<T>(name: string, create: () => T): AttachedState<T> {
  const key = Symbol.for(`arbor.${name}`);
  const slots = (owner: object) => owner as Record<symbol, T | undefined>;
  return {
    get(owner) {
      const existing = slots(owner)[key];
      if (existing !== undefined) return existing;
      const created = create();
      Object.defineProperty(owner, key, { value: created, enumerable: false });
      return created;
    },
    peek: (owner) => slots(owner)[key],
  };
}
