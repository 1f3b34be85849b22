// The browser tests' run-wide setup: the one SMTP sink every worker reads (mail-sink.ts). Answers
// the teardown Playwright calls when the run ends.
import { startE2eMailSink } from './mail-sink';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const sink = await startE2eMailSink();
  return () => sink.close();
}
