import type { LogLevel } from '../../src/server/lib/env';
import { setLogLevelOverride } from '../../src/server/observability/log-level';

// Vitest's setup file: the tests' own process logs warnings and errors only (an info line per API
// call would bury the test output), unless LOG_LEVEL says otherwise; a test that reads the log
// captures it (log-capture.ts). Processes a test starts keep the default (info): some wait for a
// line of theirs. docs/decisions/036-metrics-and-logs.md. Only the level is set here: importing the
// logger would read the environment before a test file sets its own.
setLogLevelOverride((process.env.LOG_LEVEL as LogLevel | undefined) ?? 'warn');
