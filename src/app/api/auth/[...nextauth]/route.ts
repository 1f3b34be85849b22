import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/server/auth/auth-options';
import { limitSignInAttempt } from '@/server/auth/sign-in-limits';

const nextAuth = NextAuth(authOptions);

type RouteContext = { params: Promise<{ nextauth: string[] }> };

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, context: RouteContext) {
  return nextAuth(request, context);
}

// Sign-in attempts are counted as failures before next-auth sees them (429 with Retry-After when
// their pair or address is over the limit); authorize takes a correct one back (sign-in-limits.ts).
export async function POST(request: NextRequest, context: RouteContext) {
  const { nextauth } = await context.params;
  if (nextauth.join('/') !== 'callback/credentials') return nextAuth(request, context);
  const limited = await limitSignInAttempt(request);
  if (limited) return limited;
  return nextAuth(request, context);
}
