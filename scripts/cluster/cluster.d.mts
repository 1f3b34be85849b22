// Types of scripts/cluster/cluster.mjs for the TypeScript that drives it (scripts/cluster/check.ts).
import type { ChildProcess } from 'node:child_process';

export type ClusterProcess = {
  name: string;
  child: ChildProcess | undefined;
  exitCode: number | string | undefined;
  ready: boolean;
  exited: Promise<number | string>;
  logFile: string;
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | string | undefined>;
};

export type WebProcess = ClusterProcess & { port: number; origin: string };

export type Cluster = {
  origin: string;
  webs: WebProcess[];
  workers: ClusterProcess[];
  nginx: ClusterProcess;
  dir: string;
  stop(): Promise<void>;
};

export function nginxConfig(options: { listen: string; upstreamPorts: number[]; prefix: string }): string;
export function waitUntilOk(
  url: string,
  options?: { timeoutMs?: number; exited?: () => boolean },
): Promise<void>;
export function startCluster(options: {
  databaseUrl: string;
  port?: number;
  webs?: number;
  workers?: number;
  dir?: string;
  env?: Record<string, string>;
  build?: boolean;
}): Promise<Cluster>;
