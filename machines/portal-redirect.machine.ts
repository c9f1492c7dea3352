// Home with ?email=: requests a billing-portal link for the e-mail and sends the browser there (spec section 2).
import { assign, fromPromise, setup } from "xstate";
import { isAllowedRedirect } from "../src/contract/redirects";

export interface PortalRedirectInput {
  /** The ?email= value as given ("" when the parameter is empty). */
  email: string;
  /** The site's own origin and the payment provider's: the only places the browser may be sent. */
  ownOrigin: string;
  providerOrigins: readonly string[];
}

/** Which error the page shows; the view turns it into the spec's text. */
export type PortalRedirectError = "missingEmail" | "portalFailed";

export interface PortalRedirectContext extends PortalRedirectInput {
  link: string | null;
  error: PortalRedirectError | null;
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not provided`);
};

export const portalRedirectMachine = setup({
  types: {
    context: {} as PortalRedirectContext,
    input: {} as PortalRedirectInput,
  },
  actors: {
    /** Answers the portal link; a failed call or a missing link is an error. */
    requestPortal: fromPromise<string, { email: string }>(notProvided("requestPortal")),
    /** Sends the browser to the link (window.location.assign). */
    redirect: fromPromise<unknown, { url: string }>(notProvided("redirect")),
  },
  actions: {
    warn: (_, params: { step: "requestPortal" | "portalLinkRefused" | "redirect"; error?: unknown }) => {
      console.warn(`portal-redirect: ${params.step} failed`, params.error);
    },
    fail: assign({ error: "portalFailed" as PortalRedirectError }),
  },
  guards: {
    hasEmail: ({ context }) => context.email.trim() !== "",
    linkAllowed: ({ context }, params: { link: string }) => isAllowedRedirect(params.link, context.ownOrigin, context.providerOrigins),
  },
}).createMachine({
  id: "portalRedirect",
  context: ({ input }) => ({ ...input, link: null, error: null }),
  initial: "start",
  states: {
    start: {
      always: [
        { guard: "hasEmail", target: "requesting" },
        { target: "error", actions: assign({ error: "missingEmail" as PortalRedirectError }) },
      ],
    },
    requesting: {
      tags: ["busy"],
      invoke: {
        id: "requestPortal",
        src: "requestPortal",
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [
          {
            guard: { type: "linkAllowed", params: ({ event }) => ({ link: event.output }) },
            target: "redirecting",
            actions: assign({ link: ({ event }) => event.output }),
          },
          { target: "error", actions: ["fail", { type: "warn", params: ({ event }) => ({ step: "portalLinkRefused", error: event.output }) }] },
        ],
        onError: {
          target: "error",
          actions: ["fail", { type: "warn", params: ({ event }) => ({ step: "requestPortal", error: event.error }) }],
        },
      },
    },
    redirecting: {
      tags: ["busy"],
      invoke: {
        id: "redirect",
        src: "redirect",
        input: ({ context }) => ({ url: context.link ?? "" }),
        // Stays here on success: the browser is leaving.
        onError: {
          target: "error",
          actions: ["fail", { type: "warn", params: ({ event }) => ({ step: "redirect", error: event.error }) }],
        },
      },
    },
    error: { type: "final" },
  },
});
