'use client';

// The reader's date language in the browser: the signed-in user's preferLanguageCode (SPEC §3), else
// the default en (SPEC §9). Pages that know more (the server's reader locale from the language
// switch or Accept-Language) pass it down instead.
import { useSession } from 'next-auth/react';
import { DEFAULT_LOCALE, toDateLocale, type DateLocale } from '@/lib/format-date';

export function useReaderLocale(): DateLocale {
  const { data: session } = useSession();
  return session?.user?.preferLanguageCode ? toDateLocale(session.user.preferLanguageCode) : DEFAULT_LOCALE;
}
