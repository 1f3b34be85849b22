// Help & support (SPEC §2 publication-links, the owner's delete note): the site has no contact page of
// its own, so it is a mail to support at the domain the site sends its mail from (MAIL_FROM).
export function supportHrefFrom(mailFrom: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `mailto:support@${domain}`;
}
