// Calls behind the profile form and onboarding (SPEC §7 users and subdomains).
import { api, abortable, ApiError, call } from '@/lib/api-client';

/** SPEC §7: the profile update sends {id, showOnboarding, name, image, description, subdomain}. */
export type ProfileUpdate = {
  id: string;
  showOnboarding: boolean;
  name: string;
  image: string | null;
  description: string;
  subdomain: string | null;
};

/** GET /api/users/{id} — the profile (private fields only for its owner). */
export const fetchProfile = (userId: string, signal?: AbortSignal) =>
  call(api.users[':id'].$get({ param: { id: userId } }, abortable(signal)));

/** PATCH /api/users/{id} */
export const saveProfile = (update: ProfileUpdate) =>
  call(api.users[':id'].$patch({ param: { id: update.id }, json: update }));

/** SPEC §7: GET /api/subdomains/{s} — an OK answer means taken; 404 means free. */
export async function isSubdomainTaken(subdomain: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await call(api.subdomains[':subdomain'].$get({ param: { subdomain } }, abortable(signal)));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}
