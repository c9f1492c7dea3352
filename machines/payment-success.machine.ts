// /payment-success after the hosted checkout: the post-payment calls of spec section 4, once per checkout,
// and the billing-portal button, which stays disabled until a portal link is obtained.
import { assign, fromPromise, setup } from "xstate";
import { isAllowedRedirect } from "../src/contract/redirects";
import { ORDER_CREATED_BY, PRICE_DUE_TODAY_CENTS } from "../src/contract/plan";

/** What the page needs of the client saved at checkout (CHECKOUT_FORM_KEY). */
export interface CheckoutClient {
  email: string;
  pickupone: string;
  pickuptwo: string;
}

export interface PaymentSuccessInput {
  /** The client saved at checkout in this tab; null when the tab has none (nothing is called). */
  client: CheckoutClient | null;
  /** The provider's checkout session id from the success URL (?session_id=), when present. */
  sessionId: string | null;
  /** Whether an ad-tracking function (window.gtag) is present. */
  trackerPresent: boolean;
  /** The site's own origin and the payment provider's: the only places the portal button may go. */
  ownOrigin: string;
  providerOrigins: readonly string[];
}

export interface ConversionEvent {
  value: number;
  currency: "USD";
  transactionId: string;
}

/** The steps whose failure is logged (and skipped over). */
export type PaymentSuccessStep =
  | "claimRun"
  | "createFirstOrder"
  | "createSecondOrder"
  | "setActive"
  | "sendWelcomeEmail"
  | "trackConversion"
  | "requestPortal"
  | "portalLinkRefused"
  | "openPortal";

export interface PaymentSuccessContext extends PaymentSuccessInput {
  /** The run key stored under PAYMENT_SUCCESS_DONE_KEY: the checkout's e-mail, dates and session id. */
  runKey: string | null;
  portalLink: string | null;
  /** Set once set_active has been answered (or skipped): the portal is requested from then on. */
  portalWanted: boolean;
  /** Set once the portal request has been answered either way: the welcome e-mail follows it (spec order). */
  portalAnswered: boolean;
  /** Set once the calls are over, so opening the portal never cuts a call short. */
  sequenceSettled: boolean;
}

export type PaymentSuccessEvent = { type: "portal.open" } | { type: "portal.retry" };

/** The key that marks the sequence as run for one checkout: e-mail + the two dates + the session id. */
export function paymentSuccessRunKey(client: CheckoutClient, sessionId: string | null): string {
  return [client.email.trim().toLowerCase(), client.pickupone, client.pickuptwo, sessionId ?? ""].join("|");
}

export const CONVERSION_VALUE = PRICE_DUE_TODAY_CENTS / 100;

// Real implementations are provided by the view (src/checkout/checkout-actors.ts); the machine stays pure.
const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not provided`);
};

export const paymentSuccessMachine = setup({
  types: {
    context: {} as PaymentSuccessContext,
    events: {} as PaymentSuccessEvent,
    input: {} as PaymentSuccessInput,
  },
  actors: {
    /** Records the run key; answers true when this is the first run for the key, false when it already ran. */
    claimRun: fromPromise<boolean, { key: string }>(notProvided("claimRun")),
    createOrder: fromPromise<unknown, { email: string; date: string; createdBy: string }>(notProvided("createOrder")),
    setActive: fromPromise<unknown, { email: string }>(notProvided("setActive")),
    sendWelcomeEmail: fromPromise<unknown, { email: string }>(notProvided("sendWelcomeEmail")),
    trackConversion: fromPromise<unknown, ConversionEvent>(notProvided("trackConversion")),
    /** Answers the portal link (a missing link is an error). */
    requestPortal: fromPromise<string, { email: string }>(notProvided("requestPortal")),
    openPortal: fromPromise<unknown, { url: string }>(notProvided("openPortal")),
  },
  actions: {
    // A failed post-payment call is only logged (spec section 8): the page still shows its success.
    warn: (_, params: { step: PaymentSuccessStep; error?: unknown }) => {
      console.warn(`payment-success: ${params.step} failed`, params.error);
    },
    wantPortal: assign({ portalWanted: true }),
    portalAnswered: assign({ portalAnswered: true }),
  },
  guards: {
    hasCheckout: ({ context }) => context.client !== null,
    firstRun: (_, params: { claimed: boolean }) => params.claimed,
    trackerPresent: ({ context }) => context.trackerPresent,
    linkAllowed: ({ context }, params: { link: string }) => isAllowedRedirect(params.link, context.ownOrigin, context.providerOrigins),
    portalWanted: ({ context }) => context.portalWanted,
    portalAnswered: ({ context }) => context.portalAnswered,
    sequenceSettled: ({ context }) => context.sequenceSettled,
  },
}).createMachine({
  id: "paymentSuccess",
  type: "parallel",
  context: ({ input }) => ({
    ...input,
    runKey: input.client ? paymentSuccessRunKey(input.client, input.sessionId) : null,
    portalLink: null,
    portalWanted: false,
    portalAnswered: false,
    sequenceSettled: false,
  }),
  states: {
    sequence: {
      initial: "start",
      states: {
        start: {
          always: [{ guard: "hasCheckout", target: "claiming" }, { target: "noCheckout" }],
        },
        /** A tab without the saved form: no calls, the success message and a link home. */
        noCheckout: {},
        // The run is claimed before the first call, so a reload or a duplicated tab mid-sequence never starts a
        // second round; the server's fulfilment (run when the provider reports the payment) completes the rest.
        claiming: {
          invoke: {
            id: "claimRun",
            src: "claimRun",
            input: ({ context }) => ({ key: context.runKey ?? "" }),
            onDone: [
              { guard: { type: "firstRun", params: ({ event }) => ({ claimed: event.output }) }, target: "creatingFirstOrder" },
              { target: "finished", actions: "wantPortal" },
            ],
            onError: {
              target: "creatingFirstOrder",
              actions: { type: "warn", params: ({ event }) => ({ step: "claimRun", error: event.error }) },
            },
          },
        },
        creatingFirstOrder: {
          tags: ["working"],
          invoke: {
            id: "createFirstOrder",
            src: "createOrder",
            input: ({ context }) => ({ email: context.client!.email, date: context.client!.pickupone, createdBy: ORDER_CREATED_BY }),
            onDone: { target: "creatingSecondOrder" },
            onError: {
              target: "creatingSecondOrder",
              actions: { type: "warn", params: ({ event }) => ({ step: "createFirstOrder", error: event.error }) },
            },
          },
        },
        creatingSecondOrder: {
          tags: ["working"],
          invoke: {
            id: "createSecondOrder",
            src: "createOrder",
            input: ({ context }) => ({ email: context.client!.email, date: context.client!.pickuptwo, createdBy: ORDER_CREATED_BY }),
            onDone: { target: "activating" },
            onError: {
              target: "activating",
              actions: { type: "warn", params: ({ event }) => ({ step: "createSecondOrder", error: event.error }) },
            },
          },
        },
        activating: {
          tags: ["working"],
          invoke: {
            id: "setActive",
            src: "setActive",
            input: ({ context }) => ({ email: context.client!.email }),
            onDone: { target: "awaitingPortal", actions: "wantPortal" },
            onError: {
              target: "awaitingPortal",
              actions: ["wantPortal", { type: "warn", params: ({ event }) => ({ step: "setActive", error: event.error }) }],
            },
          },
        },
        /** The portal region asks for the link now; the welcome e-mail goes once it has an answer. */
        awaitingPortal: {
          tags: ["working"],
          always: { guard: "portalAnswered", target: "sendingWelcome" },
        },
        sendingWelcome: {
          tags: ["working"],
          invoke: {
            id: "sendWelcomeEmail",
            src: "sendWelcomeEmail",
            input: ({ context }) => ({ email: context.client!.email }),
            onDone: { target: "conversion" },
            onError: {
              target: "conversion",
              actions: { type: "warn", params: ({ event }) => ({ step: "sendWelcomeEmail", error: event.error }) },
            },
          },
        },
        conversion: {
          always: [{ guard: "trackerPresent", target: "tracking" }, { target: "finished" }],
        },
        tracking: {
          tags: ["working"],
          invoke: {
            id: "trackConversion",
            src: "trackConversion",
            input: ({ context }) => ({
              value: CONVERSION_VALUE,
              currency: "USD" as const,
              transactionId: context.sessionId ?? context.runKey ?? "",
            }),
            onDone: { target: "finished" },
            onError: {
              target: "finished",
              actions: { type: "warn", params: ({ event }) => ({ step: "trackConversion", error: event.error }) },
            },
          },
        },
        finished: {
          entry: assign({ sequenceSettled: true }),
        },
      },
    },
    portal: {
      initial: "waiting",
      states: {
        waiting: {
          always: { guard: "portalWanted", target: "requesting" },
        },
        requesting: {
          tags: ["portalPending"],
          invoke: {
            id: "requestPortal",
            src: "requestPortal",
            input: ({ context }) => ({ email: context.client!.email }),
            onDone: [
              {
                guard: { type: "linkAllowed", params: ({ event }) => ({ link: event.output }) },
                target: "ready",
                actions: ["portalAnswered", assign({ portalLink: ({ event }) => event.output })],
              },
              {
                target: "unavailable",
                actions: ["portalAnswered", { type: "warn", params: ({ event }) => ({ step: "portalLinkRefused", error: event.output }) }],
              },
            ],
            onError: {
              target: "unavailable",
              actions: ["portalAnswered", { type: "warn", params: ({ event }) => ({ step: "requestPortal", error: event.error }) }],
            },
          },
        },
        ready: {
          tags: ["portalReady"],
          on: { "portal.open": { target: "opening" } },
        },
        /** Pressed while a call is still out: leave once the calls are over. */
        opening: {
          tags: ["portalReady", "portalOpening"],
          always: { guard: "sequenceSettled", target: "leaving" },
        },
        leaving: {
          tags: ["portalReady", "portalOpening"],
          invoke: {
            id: "openPortal",
            src: "openPortal",
            input: ({ context }) => ({ url: context.portalLink ?? "" }),
            // The browser is leaving; if it comes back (back button, bfcache) the button works again.
            onDone: { target: "ready" },
            onError: {
              target: "ready",
              actions: { type: "warn", params: ({ event }) => ({ step: "openPortal", error: event.error }) },
            },
          },
        },
        /** No link: the button stays disabled; the visitor may ask again (the welcome e-mail also has the way). */
        unavailable: {
          on: { "portal.retry": { target: "requesting" } },
        },
      },
    },
  },
});
