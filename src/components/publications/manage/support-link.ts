// Help & support (SPEC §2 publication-links, the owner's delete note): the site's contact page, which
// shows the ways to reach its team that the server is configured with (issue 19; before it, a
// mailto: at MAIL_FROM's domain that on a default install reached nobody).
export const SUPPORT_HREF = '/contact';
