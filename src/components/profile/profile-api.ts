// Calls behind the profile form and onboarding (SPEC §7 users and subdomains).
import { apiFetch, ApiError } from '@/lib/api-client';
import type { UserProfile } from '@/components/users/use-my-profile';

/** SPEC §7: the profile update sends {id, showOnboarding, name, image, description, subdomain}. */
export type ProfileUpdate = {
  id: string;
  showOnboarding: boolean;
  name: string;
  image: string | null;
  description: string;
  subdomain: string | null;
};

export function fetchProfile(userId: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiFetch<UserProfile>(`/api/users/${encodeURIComponent(userId)}`, { signal });
}

export function saveProfile(update: ProfileUpdate): Promise<UserProfile> {
  return apiFetch<UserProfile>(`/api/users/${encodeURIComponent(update.id)}`, {
    method: 'PATCH',
    body: update,
  });
}

/** SPEC §7: GET /api/subdomains/{s} — an OK answer means taken; 404 means free. */
export async function isSubdomainTaken(subdomain: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await apiFetch(`/api/subdomains/${encodeURIComponent(subdomain)}`, { signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}
