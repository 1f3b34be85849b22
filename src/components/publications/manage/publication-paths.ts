// The addresses of a publication's pages (SPEC §2 routes).
export const publicationPaths = (id: string) => ({
  page: `/publications/${id}`,
  admin: `/publications/admin/${id}`,
  studio: `/publications/${id}/studio`,
  edit: `/publications/${id}/edit`,
});

/** The public address of a publication: /{subdomain} (SPEC §2). */
export const publicationHome = (subdomain: string) => `/${subdomain}`;
