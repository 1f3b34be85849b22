// Newsletter words and limits the forms share with the server (client-safe: no server imports).

/** SPEC §2 publication-subscription: the description a publication shows until its owner writes one (spelled as SPEC spells it). */
export const DEFAULT_NEWSLETTER_DESCRIPTION =
  "Sign up to receive inpiration and meditation of God's Word, delivered to your inbox.";
/** SPEC §5: subscribing to a publication needs its newsletter topic. */
export const NO_NEWSLETTER_YET = "The publication doesn't has newsletter yet!";
export const NEWSLETTER_DESCRIPTION_MAX = 300;
