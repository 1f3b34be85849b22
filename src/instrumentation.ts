// Next.js calls register() once when the server starts: migrate, seed on first run, start jobs.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { bootServer } = await import('./server/boot');
  await bootServer();
}
