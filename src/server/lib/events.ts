// A small typed in-process event bus: how a module tells the modules above it that something
// happened without importing them (docs/decisions/030-one-way-modules.md). The module that owns the
// fact defines the event; modules above it subscribe; emit runs every listener and waits for them.
//
// For work that must survive a crash or be retried, enqueue a job instead (src/server/jobs): an
// event lives in one process and is lost if the process dies before a listener finishes. For facts
// other rows must follow inside the same transaction, the database's triggers do it (the page
// versions, posts.in_newsletter).

export type EventListener<Payload> = (payload: Payload) => void | Promise<void>;

export type AppEvent<Payload> = {
  readonly name: string;
  /** Adds a listener (once: the same function twice is one listener); returns its removal. */
  on(listener: EventListener<Payload>): () => void;
  /**
   * Runs every listener with the payload, one after another in the order they subscribed. A listener
   * that throws does not stop the others or the emitter: the change already happened, so its error
   * is logged, not returned to a request that cannot undo it.
   */
  emit(payload: Payload): Promise<void>;
};

export function defineEvent<Payload>(name: string): AppEvent<Payload> {
  const listeners = new Set<EventListener<Payload>>();
  return {
    name,
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async emit(payload) {
      for (const listener of [...listeners]) {
        try {
          await listener(payload);
        } catch (error) {
          console.error(`[events] a listener of ${name} failed`, error);
        }
      }
    },
  };
}
