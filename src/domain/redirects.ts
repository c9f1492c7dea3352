// Where the browser may be sent: the hosted-page link in an answer, and the origins allowed for it.
import type { z } from "zod";
import type { hostedLinkAnswer } from "#contract/calls";

/** The link of a hosted page from portal_url/checkout_url, url or session.url; a missing one is an error. */
export function hostedLink(answer: z.infer<typeof hostedLinkAnswer>, kind: "portal" | "checkout"): string {
  const link = (kind === "portal" ? answer.portal_url : answer.checkout_url) ?? answer.url ?? answer.session?.url;
  if (!link) throw new Error(kind === "portal" ? "Invalid response from API: missing url" : "Invalid response from API: missing checkout_url");
  return link;
}

/** The browser is sent only to the site's own origin or the payment provider's. */
export function isAllowedRedirect(link: string, ownOrigin: string, providerOrigins: readonly string[]): boolean {
  try {
    const { origin, protocol } = new URL(link, ownOrigin);
    if (protocol !== "https:" && protocol !== "http:") return false;
    return origin === ownOrigin || providerOrigins.includes(origin);
  } catch {
    return false;
  }
}

/** Payment providers' hosted pages: Stripe's checkout and billing portal. The sandbox is on the site's own origin. */
export const paymentProviderOrigins = ["https://checkout.stripe.com", "https://billing.stripe.com"] as const;
