import type { LogLevel } from '../lib/env';
import { processSlot } from '../lib/process-slot';

// A level the process's logger takes instead of LOG_LEVEL, set before the logger exists (the tests'
// setup file: warnings only in the test process). Kept apart from logger.ts, which reads the
// environment when it loads: a setup file importing that would parse the environment before a test
// file sets its own (the S3 tests set S3_* first, then import the app).
const override = processSlot<LogLevel>('log-level-override');

export const setLogLevelOverride = (level: LogLevel): void => override.set(level);
export const logLevelOverride = (): LogLevel | undefined => override.get();
