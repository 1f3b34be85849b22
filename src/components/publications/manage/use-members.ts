'use client';

// The owners, editors and authors of a publication: first as the server rendered them, then fetched
// afresh (GET /api/publications/{id}/owners|editors|authors) after every change made here.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { isAbortError, toErrorMessage } from '@/lib/api-client';
import { fetchMembers, type MemberLists } from './manage-api';

export function useMembers(publicationId: string, initial: MemberLists) {
  const { showToast } = useToast();
  const [members, setMembers] = useState(initial);
  const [refreshing, setRefreshing] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const reload = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setRefreshing(true);
    try {
      const fresh = await fetchMembers(publicationId, controller.signal);
      if (!controller.signal.aborted) setMembers(fresh);
    } catch (failure) {
      if (!controller.signal.aborted && !isAbortError(failure)) showToast(toErrorMessage(failure));
    } finally {
      if (inFlight.current === controller) setRefreshing(false);
    }
  }, [publicationId, showToast]);

  return { members, reload, refreshing };
}
