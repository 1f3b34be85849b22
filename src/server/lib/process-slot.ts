/**
 * A value held once per process, whichever bundle asks (docs/decisions/017-runtime-and-csp.md).
 * Next.js bundles src/ once per entry (instrumentation, each page, each route handler) and may
 * evaluate a module once per bundle, so a plain module variable would exist several times in one
 * process; a symbol registered with Symbol.for() is the same in all of them, and in scripts/server.mjs.
 * Each layer keeps its own slot (the database, the jobs, the story page cache), so no layer needs to
 * import the runtime that fills them (issue 20: the runtime registry's imports made a loop of 89 files).
 */
export type ProcessSlot<T> = {
  get(): T | undefined;
  set(value: T | undefined): void;
};

export function processSlot<T>(name: string): ProcessSlot<T> {
  const key = Symbol.for(`lamplight.${name}`);
  const scope = globalThis as { [key: symbol]: T | undefined };
  return {
    get: () => scope[key],
    set: (value) => {
      scope[key] = value;
    },
  };
}
