// Where the browser tests' SMTP sink listens: a fixed port derived from the app's, so the server
// (playwright.config.ts webServer SMTP_URL) and tests/e2e/newsletters.spec.ts agree without talking.
export const e2eSmtpPort = (appPort: number): number => appPort + 1000;
