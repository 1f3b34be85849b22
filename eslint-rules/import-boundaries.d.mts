// Types for the TypeScript files that read the rule's exports (tests/architecture/*): the project
// compiles without allowJs, so a .mjs needs its declaration beside it.
import type { ESLint } from 'eslint';

/** The server's modules, bottom to top; see import-boundaries.mjs. */
export declare const MODULE_LAYERS: readonly string[];

/** What is wrong with importing `specifier` from `file` (a project path), or null. */
export declare function boundaryProblem(file: string, specifier: string): string | null;

declare const lamplightPlugin: ESLint.Plugin;
export default lamplightPlugin;
