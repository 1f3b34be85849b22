// npm run admin -- grant EMAIL [--role admin|editor]    → make the account a site admin (or editor)
// npm run admin -- revoke EMAIL [--role admin|editor]   → take the role away (never the last admin)
// For the first site admin of a fresh installation, and for an operator locked out of the staff area.
// With the embedded database (PGlite) stop `npm start` first: one process holds its data folder.
import { startRuntime, stopRuntime } from './runtime';
import { AppError } from './lib/errors';
import { emailSchema } from './modules/users/users.schema';
import { siteRoleSchema } from './modules/users/moderation.schema';
import { grantSiteRole, revokeSiteRoleByEmail } from './modules/users/moderation.service';

const USAGE = 'Usage: npm run admin -- grant|revoke EMAIL [--role admin|editor]';

function parseArgs(argv: string[]) {
  const [command, rawEmail, ...rest] = argv;
  const roleAt = rest.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  const rawRole =
    roleAt < 0 ? 'admin' : rest[roleAt].includes('=') ? rest[roleAt].split('=')[1] : rest[roleAt + 1];
  const email = emailSchema.safeParse(rawEmail ?? '');
  const role = siteRoleSchema.safeParse(rawRole);
  if ((command !== 'grant' && command !== 'revoke') || !email.success || !role.success) return null;
  return { command, email: email.data, role: role.data } as const;
}

const args = parseArgs(process.argv.slice(2));
if (!args) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  try {
    await startRuntime({ seed: false, jobs: false });
    const member =
      args.command === 'grant'
        ? await grantSiteRole('command-line', { email: args.email, role: args.role })
        : await revokeSiteRoleByEmail(args.email, args.role);
    const roles = member.siteRoles.length > 0 ? member.siteRoles.join(', ') : 'none (a writer)';
    console.log(`${member.email}: site roles now ${roles}`);
  } catch (error) {
    const message =
      error instanceof AppError
        ? `${error.message}${error.detail ? ` (${error.detail})` : ''}`
        : String(error);
    console.error(`[lamplight] ${message}`);
    process.exitCode = 1;
  } finally {
    await stopRuntime();
  }
}
