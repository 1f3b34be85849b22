// Test factories (CONVENTIONS §12): valid defaults, partial overrides, each takes the Db first.
export * from './users';
export * from './publications';
export * from './posts';
export * from './lists';
export * from './newsletters';
export * from './discovery';
export * from './responses';
