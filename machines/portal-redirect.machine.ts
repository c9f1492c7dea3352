// Home with ?email= or ?token=: the billing-portal redirect (product.md PAY-8), which needs a proof of ownership
// (docs/who-may-do-what.md). With ?token= (the welcome e-mail's sealed token or an e-mailed sign-in link's; the
// e-mails' links carry the token only, older ones the address too) it requests the portal and sends the browser
// there; with an address and no token it asks no portal and offers to e-mail a sign-in link instead; a token the
// server does not accept ends on "we've e-mailed you a link" too (the server sends a fresh link when the token or
// the address belongs to a subscription). Back from the portal, the page is loaded afresh: home (`returned`).
import { assign, fromPromise, setup } from "xstate";
import { emailSchema } from "#contract/common";
import { isAllowedRedirect } from "#domain/redirects";
import { newRequestKey } from "#domain/request-key";
import { notProvided } from "./not-provided";

export interface PortalRedirectInput {
  /**
   * The ?email= value as given ("" when the parameter is empty or absent: the e-mails' links carry none). Anything
   * that is no e-mail address counts as none: the page shows the address, and a link may carry any text.
   */
  email: string;
  /** The ?token= value, or on a reload while its request was out the one the tab kept ("" when none). */
  token?: string;
  /** The site's own origin and the payment provider's: the only places the browser may be sent. */
  ownOrigin: string;
  providerOrigins: readonly string[];
}

/** Which error the page shows; the view turns it into the spec's text. */
export type PortalRedirectError = "missingEmail" | "portalFailed";

export interface PortalRedirectContext extends Required<PortalRedirectInput> {
  link: string | null;
  error: PortalRedirectError | null;
  /** The last request for a sign-in link failed (the page offers to try again). */
  sendFailed: boolean;
  /**
   * The key of the sign-in link being asked for (decision 018): the same on every try until one is answered, so a
   * retry after a lost answer e-mails no second link and spends no more of the day's.
   */
  requestId: string | null;
}

/** The address, trimmed and lowercased as the server takes it, or "" for anything the server's schema refuses. */
const validEmail = (email: string) => {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? parsed.data : "";
};

export const portalRedirectMachine = setup({
  // Stryker disable next-line ObjectLiteral: TypeScript only; XState reads no value of `types` at run time.
  types: {
    context: {} as PortalRedirectContext,
    input: {} as PortalRedirectInput,
    events: {} as { type: "link.request" } | { type: "portal.retry" } | { type: "page.restored" },
  },
  actors: {
    /**
     * Answers the portal link, or null when the server gave none and e-mails a sign-in link instead. Without an
     * e-mail it asks with the token alone.
     */
    requestPortal: fromPromise<string | null, { email?: string; token?: string; requestId?: string }>(notProvided("requestPortal")),
    /** Sends the browser to the link (window.location.assign). */
    redirect: fromPromise<unknown, { url: string }>(notProvided("redirect")),
    /** Loads the page's current address afresh (window.location.reload): home, since the token left the address bar. */
    reload: fromPromise<unknown>(notProvided("reload")),
  },
  actions: {
    warn: (_, params: { step: "requestPortal" | "portalLinkRefused" | "redirect" | "requestLink" | "reload"; error?: unknown }) => {
      console.warn(`portal-redirect: ${params.step} failed`, params.error);
    },
    fail: assign({ error: "portalFailed" as PortalRedirectError }),
    clearError: assign({ error: null }),
    // Kept until a try is answered (a failed one may have reached the server): a new key only for a new request.
    keyLinkRequest: assign({ requestId: ({ context }) => context.requestId ?? newRequestKey() }),
  },
  guards: {
    hasEmail: ({ context }) => context.email !== "",
    hasToken: ({ context }) => context.token.trim() !== "",
    noLink: (_, params: { link: string | null }) => params.link === null,
    linkAllowed: (_, params: { link: string | null; ownOrigin: string; providerOrigins: readonly string[] }) =>
      params.link !== null && isAllowedRedirect(params.link, params.ownOrigin, params.providerOrigins),
    hasLink: ({ context }) => context.link !== null,
  },
}).createMachine({
  id: "portalRedirect",
  description:
    "The home page opened with ?token= or ?email= (the links in the e-mails): with a token, asks for a billing-portal link (for that e-mail, if any) and sends the browser there; with only an e-mail, offers to e-mail a sign-in link; otherwise says why it cannot. Back from the portal, loads the page afresh (home).",
  meta: {
    events: {
      "link.request": "the visitor asks for a sign-in link to be e-mailed",
      "portal.retry": "the visitor asks for the portal again after it failed",
      "page.restored": "the browser shows the page again from its back-forward cache (Back from the billing portal)",
    },
    guards: {
      hasEmail: "the link carries an e-mail address",
      hasToken: "the link carries a token (the welcome e-mail's or a sign-in link's)",
      noLink: "the server gave no portal link (it e-mails a sign-in link instead)",
      linkAllowed: "the portal link goes to this site or the payment provider",
      hasLink: "a portal link was already given",
    },
    actors: {
      requestPortal: { name: "the portal request", description: "Asks the server for a billing-portal link: for the e-mail (with the token, if any), or for the token alone." },
      redirect: { name: "leaving for the portal", description: "Sends the browser to the billing portal." },
      reload: { name: "loading the page afresh", description: "Loads the page's address again, as a browser without the back-forward cache does on Back: home, the token gone." },
    },
  },
  context: ({ input }) => ({ ...input, email: validEmail(input.email), token: input.token ?? "", link: null, error: null, sendFailed: false, requestId: null }),
  initial: "start",
  states: {
    start: {
      description: "Reading the e-mail and the token from the link.",
      always: [
        { guard: "hasEmail", target: "checkToken", description: "Looks for a token." },
        { guard: "hasToken", target: "requesting", description: "A token without an e-mail (the e-mails' links): asks for the portal with the token alone." },
        { target: "error", actions: assign({ error: "missingEmail" as PortalRedirectError }), description: "Says the link has neither an e-mail nor a token." },
      ],
    },
    checkToken: {
      description: "Reading the token from the link.",
      always: [
        { guard: "hasToken", target: "requesting", description: "Asks for the portal link with the token." },
        { target: "needsLink", description: "Without a token no portal is asked: offers the e-mailed link." },
      ],
    },
    needsLink: {
      description: "No proof: the page explains the e-mailed link and offers to send one.",
      on: {
        "link.request": {
          target: "requestingLink",
          actions: "keyLinkRequest",
          description: "The visitor asks for a sign-in link: with the key of the try before if that one failed (its answer may have been lost).",
        },
      },
    },
    requestingLink: {
      tags: ["busy"],
      description: "Asking the server to e-mail a sign-in link.",
      invoke: {
        id: "requestLink",
        src: "requestPortal",
        input: ({ context }) => ({ email: context.email, requestId: context.requestId ?? undefined }),
        // Answered, the request is over: another would be a new one, with a new key.
        onDone: { target: "linkSent", actions: assign({ sendFailed: false, requestId: null }), description: "Confirms, the same whatever the address." },
        onError: {
          target: "needsLink",
          actions: [assign({ sendFailed: true }), { type: "warn", params: ({ event }) => ({ step: "requestLink", error: event.error }) }],
          description: "Says the link could not be sent, and offers it again.",
        },
      },
    },
    linkSent: { type: "final", description: "The same confirmation whatever the address: a link went out if it has a subscription." },
    requesting: {
      tags: ["busy"],
      description: "Asking the server for a billing-portal link with the token.",
      invoke: {
        id: "requestPortal",
        src: "requestPortal",
        input: ({ context }) => ({ ...(context.email ? { email: context.email } : {}), token: context.token.trim() }),
        onDone: [
          {
            guard: { type: "linkAllowed", params: ({ context, event }) => ({ link: event.output, ownOrigin: context.ownOrigin, providerOrigins: context.providerOrigins }) },
            target: "redirecting",
            actions: assign({ link: ({ event }) => event.output }),
            description: "Goes to the portal.",
          },
          {
            guard: { type: "noLink", params: ({ event }) => ({ link: event.output }) },
            target: "linkSent",
            description: "The token was not accepted: a fresh link was e-mailed if the token or the address belongs to a subscription.",
          },
          {
            target: "error",
            actions: ["fail", { type: "warn", params: ({ event }) => ({ step: "portalLinkRefused", error: event.output }) }],
            description: "A link elsewhere is refused: says the portal could not be opened (asking again would get the same).",
          },
        ],
        // A request that has not answered by its deadline (a stalled connection) fails here too.
        onError: {
          target: "failed",
          actions: ["fail", { type: "warn", params: ({ event }) => ({ step: "requestPortal", error: event.error }) }],
          description: "Says the portal could not be opened, and offers to try again.",
        },
      },
    },
    redirecting: {
      tags: ["busy"],
      description: "The browser is leaving for the billing portal.",
      invoke: {
        id: "redirect",
        src: "redirect",
        input: ({ context }) => ({ url: context.link ?? "" }),
        // Stays here on success: the browser is leaving.
        onError: {
          target: "failed",
          actions: ["fail", { type: "warn", params: ({ event }) => ({ step: "redirect", error: event.error }) }],
          description: "The browser could not leave: says the portal could not be opened.",
        },
      },
      on: {
        "page.restored": {
          target: "returned",
          description: "Back from the billing portal, the page comes out of the back-forward cache still leaving: loads it afresh instead.",
        },
      },
    },
    /**
     * Back from the billing portal with the back-forward cache on, the browser shows this page as it left it: leaving,
     * a spinner and no button, for good. The page is loaded afresh instead, which is what a browser without the cache
     * shows on Back: the address bar lost the token before leaving, so that is home (`/` or `/es/`), where the
     * customer came in and where the portal's own "return" link leads too (an older link's ?email= stays in the
     * address: that load offers the e-mailed sign-in link, as it would without the cache). Not an "open the portal
     * again" page: a sign-in link's token is spent once redeemed and the portal's link is short-lived, so it could not
     * be promised; and a fresh load drops the token this page still holds in memory.
     */
    returned: {
      tags: ["busy"],
      description:
        "Back from the billing portal (the page restored from the back-forward cache): loads the page's address afresh, home since the token left it, as a browser without the cache would show.",
      invoke: {
        id: "reload",
        src: "reload",
        // Stays here on success: the browser is loading the page again.
        onError: {
          target: "failed",
          actions: ["fail", { type: "warn", params: ({ event }) => ({ step: "reload", error: event.error }) }],
          description: "The page could not be loaded again (not seen in practice): the portal error, with Try again and the link home, so never stuck.",
        },
      },
    },
    /**
     * The token's request failed, or the browser could not leave: the page says so and offers to try again. The token
     * has left the address bar and, its request answered, the tab (src/checkout/portal-token-tab.ts), so a reload
     * could not. Asking again is safe: a welcome token opens the portal as often as it is used, a sign-in link the
     * provider failed to open is given back by the server (decision 010) and opens it now, and one the server already
     * redeemed (its answer lost) ends on the "we've e-mailed you a new link" page. With the link already
     * given, trying again only leaves again.
     */
    failed: {
      description: "The portal could not be opened (the request failed or did not answer in time, or the browser could not leave): the page says so and offers to try again.",
      on: {
        "portal.retry": [
          // The token is spent once redeemed (a sign-in link works once): leaving again needs no new request.
          { guard: "hasLink", target: "redirecting", actions: "clearError", description: "Leaves again for the portal link already given." },
          { target: "requesting", actions: "clearError", description: "Asks for the portal link again with the same token." },
        ],
      },
    },
    error: { type: "final", description: "The link has neither an e-mail nor a token, or the portal link went elsewhere: the page says so." },
  },
});
