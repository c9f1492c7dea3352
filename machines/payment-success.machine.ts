// /payment-success after the hosted checkout: the post-payment calls of product.md PAY-3, once per checkout,
// and the billing-portal button, which stays disabled until a portal link is obtained. The link obtained on load
// only turns the button on: a provider's portal session expires soon if it is not visited (Stripe: "short-lived",
// "create sessions on-demand"), and a customer may press minutes or hours later, so each press asks for a fresh
// one (docs/decisions/017-portal-link-fresh-on-press.md).
import { assign, fromPromise, setup } from "xstate";
import { isAllowedRedirect } from "#domain/redirects";
import { ORDER_CREATED_BY, PRICE_DUE_TODAY_CENTS } from "#domain/plan";
import { notProvided } from "./not-provided";
import { LEAVING_PATIENCE_MS } from "./leaving-patience";

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
  /**
   * The checkout session's id, by which the ad service counts one sale once; absent without one (never the run key:
   * it holds the customer's e-mail, which an ad service must not receive).
   */
  transactionId?: string;
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
  | "refreshPortal"
  | "portalLinkRefused"
  | "openPortal";

export interface PaymentSuccessContext extends PaymentSuccessInput {
  /** The run key stored under PAYMENT_SUCCESS_DONE_KEY: the checkout's e-mail, dates and session id. */
  runKey: string | null;
  /** The last portal link obtained: the button is on while one is held (the press asks for a fresh one to leave with). */
  portalLink: string | null;
  /** Set once set_active has been answered (or skipped): the portal is requested from then on. */
  portalWanted: boolean;
  /** Set once the portal request has been answered either way: the welcome e-mail follows it (spec order). */
  portalAnswered: boolean;
  /** Set once the calls are over, so opening the portal never cuts a call short. */
  sequenceSettled: boolean;
}

export type PaymentSuccessEvent =
  | { type: "portal.open" }
  | { type: "portal.retry" }
  /** The page came back from the back-forward cache after leaving for the billing portal. */
  | { type: "page.restored" };

/** The key that marks the sequence as run for one checkout: e-mail + the two dates + the session id. */
export function paymentSuccessRunKey(client: CheckoutClient, sessionId: string | null): string {
  return [client.email.trim().toLowerCase(), client.pickupone, client.pickuptwo, sessionId ?? ""].join("|");
}

export const CONVERSION_VALUE = PRICE_DUE_TODAY_CENTS / 100;

export const paymentSuccessMachine = setup({
  // Stryker disable next-line ObjectLiteral: TypeScript only; XState reads no value of `types` at run time.
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
    /**
     * Answers the portal link, or null when the server had no proof of the paying browser any more (its cookie lasts
     * a day) and e-mailed the customer a sign-in link to the portal instead. A missing link is an error.
     */
    requestPortal: fromPromise<string | null, { email: string }>(notProvided("requestPortal")),
    openPortal: fromPromise<unknown, { url: string }>(notProvided("openPortal")),
  },
  delays: {
    leavingPatience: LEAVING_PATIENCE_MS,
  },
  actions: {
    // A failed post-payment call is only logged (product.md PAY-3): the page still shows its success.
    warn: (_, params: { step: PaymentSuccessStep; error?: unknown }) => {
      console.warn(`payment-success: ${params.step} failed`, params.error);
    },
    wantPortal: assign({ portalWanted: true }),
    portalAnswered: assign({ portalAnswered: true }),
    dropLink: assign({ portalLink: null }),
  },
  guards: {
    hasCheckout: ({ context }) => context.client !== null,
    firstRun: (_, params: { claimed: boolean }) => params.claimed,
    trackerPresent: ({ context }) => context.trackerPresent,
    linkEmailed: (_, params: { link: string | null }) => params.link === null,
    linkAllowed: ({ context }, params: { link: string | null }) =>
      params.link !== null && isAllowedRedirect(params.link, context.ownOrigin, context.providerOrigins),
    portalWanted: ({ context }) => context.portalWanted,
    portalAnswered: ({ context }) => context.portalAnswered,
    sequenceSettled: ({ context }) => context.sequenceSettled,
  },
}).createMachine({
  id: "paymentSuccess",
  type: "parallel",
  description:
    "The page after a successful payment: the post-payment calls run once per checkout (two orders, the client made active, the welcome e-mail, the conversion), while the billing-portal button waits for its link.",
  meta: {
    events: {
      "portal.open": "the billing-portal button is pressed",
      "portal.retry": "the visitor asks for the portal link again",
      "page.restored": "the browser comes back from the billing portal",
    },
    guards: {
      hasCheckout: "this tab saved a client at checkout",
      firstRun: "this is the first run for this checkout",
      trackerPresent: "an ad-tracking tag is on the page",
      linkEmailed: "the server e-mailed a sign-in link instead of answering a portal link",
      linkAllowed: "the portal link goes to this site or the payment provider",
      portalWanted: "the client was made active (or that call was skipped)",
      portalAnswered: "the portal request has answered",
      sequenceSettled: "the post-payment calls are over",
    },
    actors: {
      claimRun: { name: "claiming the run", description: "Marks this checkout as handled in the tab, answering whether it was the first time." },
      createOrder: { name: "the order call", description: "Asks the server to create the order of one pickup day." },
      createFirstOrder: { name: "the first order call", description: "Creates the order of the first pickup day." },
      createSecondOrder: { name: "the second order call", description: "Creates the order of the second pickup day." },
      setActive: { name: "activating the client", description: "Asks the server to mark the client as active." },
      sendWelcomeEmail: { name: "the welcome e-mail call", description: "Asks the server to send the welcome e-mail (sent once, whoever asks)." },
      trackConversion: { name: "the conversion report", description: "Reports the sale to the ad-tracking tag." },
      requestPortal: { name: "the portal request", description: "Asks the server for a billing-portal link." },
      refreshPortal: {
        name: "the fresh portal request",
        description: "Asks the server for a new billing-portal link when the button is pressed: the provider's link expires soon after it is made.",
      },
      openPortal: { name: "leaving for the portal", description: "Sends the browser to the billing portal." },
    },
    delays: {
      leavingPatience: "10 seconds still on this page",
    },
  },
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
      description: "The post-payment calls, one after the other; a failed call is logged and the next one runs.",
      states: {
        start: {
          description: "Looking for the client saved at checkout in this tab.",
          always: [
            { guard: "hasCheckout", target: "claiming", description: "Claims the run before any call." },
            { target: "noCheckout", description: "No saved client: nothing to call." },
          ],
        },
        /** A tab without the saved form: no calls, the success message and a link home. */
        noCheckout: { description: "No saved client in this tab: no calls, the success message and a link home." },
        // The run is claimed before the first call, so a reload or a duplicated tab mid-sequence never starts a
        // second round; the server's fulfilment (run when the provider reports the payment) completes the rest.
        claiming: {
          description: "Marking this checkout as handled in the tab before the first call.",
          invoke: {
            id: "claimRun",
            src: "claimRun",
            input: ({ context }) => ({ key: context.runKey ?? "" }),
            onDone: [
              { guard: { type: "firstRun", params: ({ event }) => ({ claimed: event.output }) }, target: "creatingFirstOrder", description: "First time: the calls start." },
              { target: "finished", actions: "wantPortal", description: "Already handled (a reload or a copied tab): no calls; only the portal link is asked for." },
            ],
            onError: {
              target: "creatingFirstOrder",
              actions: { type: "warn", params: ({ event }) => ({ step: "claimRun", error: event.error }) },
              description: "The tab could not record it (storage blocked): logged, and the calls start.",
            },
          },
        },
        creatingFirstOrder: {
          tags: ["working"],
          description: "Creating the order of the first pickup day.",
          invoke: {
            id: "createFirstOrder",
            src: "createOrder",
            input: ({ context }) => ({ email: context.client!.email, date: context.client!.pickupone, createdBy: ORDER_CREATED_BY }),
            onDone: { target: "creatingSecondOrder", description: "Next call." },
            onError: {
              target: "creatingSecondOrder",
              actions: { type: "warn", params: ({ event }) => ({ step: "createFirstOrder", error: event.error }) },
              description: "Logged; the next call runs (the server creates the orders itself when the payment is confirmed).",
            },
          },
        },
        creatingSecondOrder: {
          tags: ["working"],
          description: "Creating the order of the second pickup day.",
          invoke: {
            id: "createSecondOrder",
            src: "createOrder",
            input: ({ context }) => ({ email: context.client!.email, date: context.client!.pickuptwo, createdBy: ORDER_CREATED_BY }),
            onDone: { target: "activating", description: "Next call." },
            onError: {
              target: "activating",
              actions: { type: "warn", params: ({ event }) => ({ step: "createSecondOrder", error: event.error }) },
              description: "Logged; the next call runs.",
            },
          },
        },
        activating: {
          tags: ["working"],
          description: "Marking the client as active.",
          invoke: {
            id: "setActive",
            src: "setActive",
            input: ({ context }) => ({ email: context.client!.email }),
            onDone: { target: "awaitingPortal", actions: "wantPortal", description: "The portal link can be asked for now." },
            onError: {
              target: "awaitingPortal",
              actions: ["wantPortal", { type: "warn", params: ({ event }) => ({ step: "setActive", error: event.error }) }],
              description: "Logged; the portal link is asked for anyway.",
            },
          },
        },
        /** The portal region asks for the link now; the welcome e-mail goes once it has an answer. */
        awaitingPortal: {
          tags: ["working"],
          description: "Waiting for the portal request to answer; the welcome e-mail follows it.",
          always: { guard: "portalAnswered", target: "sendingWelcome", description: "Sends the welcome e-mail." },
        },
        sendingWelcome: {
          tags: ["working"],
          description: "Asking the server to send the welcome e-mail.",
          invoke: {
            id: "sendWelcomeEmail",
            src: "sendWelcomeEmail",
            input: ({ context }) => ({ email: context.client!.email }),
            onDone: { target: "conversion", description: "On to the conversion." },
            onError: {
              target: "conversion",
              actions: { type: "warn", params: ({ event }) => ({ step: "sendWelcomeEmail", error: event.error }) },
              description: "Logged; on to the conversion.",
            },
          },
        },
        conversion: {
          description: "Deciding whether there is an ad-tracking tag to tell.",
          always: [
            { guard: "trackerPresent", target: "tracking", description: "Reports the sale." },
            { target: "finished", description: "Nothing to report." },
          ],
        },
        tracking: {
          tags: ["working"],
          description: "Reporting the sale ($19.99) to the ad-tracking tag.",
          invoke: {
            id: "trackConversion",
            src: "trackConversion",
            input: ({ context }) => ({
              value: CONVERSION_VALUE,
              currency: "USD" as const,
              ...(context.sessionId ? { transactionId: context.sessionId } : {}),
            }),
            onDone: { target: "finished", description: "The calls are over." },
            onError: {
              target: "finished",
              actions: { type: "warn", params: ({ event }) => ({ step: "trackConversion", error: event.error }) },
              description: "Logged; the calls are over.",
            },
          },
        },
        finished: {
          description: "The post-payment calls are over.",
          entry: assign({ sequenceSettled: true }),
        },
      },
    },
    portal: {
      initial: "waiting",
      description: "The billing-portal button: disabled until a portal link is obtained.",
      states: {
        waiting: {
          tags: ["portalPending"],
          description: "Waiting until the client is active before asking for the portal link.",
          always: { guard: "portalWanted", target: "requesting", description: "Asks for the portal link." },
        },
        requesting: {
          tags: ["portalPending"],
          description: "Asking the server for a billing-portal link.",
          invoke: {
            id: "requestPortal",
            src: "requestPortal",
            input: ({ context }) => ({ email: context.client!.email }),
            onDone: [
              {
                guard: { type: "linkEmailed", params: ({ event }) => ({ link: event.output }) },
                target: "emailed",
                actions: "portalAnswered",
                description: "No proof of the paying browser any more: a sign-in link was e-mailed instead.",
              },
              {
                guard: { type: "linkAllowed", params: ({ event }) => ({ link: event.output }) },
                target: "ready",
                actions: ["portalAnswered", assign({ portalLink: ({ event }) => event.output })],
                description: "The button turns on.",
              },
              {
                target: "unavailable",
                actions: ["portalAnswered", { type: "warn", params: ({ event }) => ({ step: "portalLinkRefused", error: event.output }) }],
                description: "A link elsewhere is refused and logged; the button stays off.",
              },
            ],
            onError: {
              target: "unavailable",
              actions: ["portalAnswered", { type: "warn", params: ({ event }) => ({ step: "requestPortal", error: event.error }) }],
              description: "Logged; the button stays off and offers to try again.",
            },
          },
        },
        ready: {
          tags: ["portalReady"],
          description: "The button is on.",
          on: { "portal.open": { target: "opening", description: "Opens the portal once the calls are over." } },
        },
        /** Pressed while a call is still out: leave once the calls are over. */
        opening: {
          tags: ["portalReady", "portalOpening"],
          description: "Pressed while a call is still out: waits for the calls to end so none is cut short.",
          always: { guard: "sequenceSettled", target: "refreshing", description: "Asks for a fresh link to leave with." },
        },
        // The link obtained on load may have expired by now (the visitor read the page, answered a text, put the
        // phone down): the provider's portal sessions are short-lived if not visited, and no timer in the page can
        // tell how long a phone slept, so every press leaves with a link asked for just now.
        refreshing: {
          tags: ["portalReady", "portalOpening"],
          description: "Asking the server for a fresh billing-portal link to leave with (the one obtained on load may have expired).",
          invoke: {
            id: "refreshPortal",
            src: "requestPortal",
            input: ({ context }) => ({ email: context.client!.email }),
            onDone: [
              {
                guard: { type: "linkEmailed", params: ({ event }) => ({ link: event.output }) },
                target: "emailed",
                actions: "dropLink",
                description: "No proof of the paying browser any more (the page stayed open past a day): a sign-in link was e-mailed instead.",
              },
              {
                guard: { type: "linkAllowed", params: ({ event }) => ({ link: event.output }) },
                target: "leaving",
                actions: assign({ portalLink: ({ event }) => event.output }),
                description: "Leaves for the portal with the fresh link.",
              },
              {
                target: "unavailable",
                actions: ["dropLink", { type: "warn", params: ({ event }) => ({ step: "portalLinkRefused", error: event.output }) }],
                description: "A link elsewhere is refused and logged; the button turns off and offers to try again.",
              },
            ],
            onError: {
              target: "unavailable",
              actions: ["dropLink", { type: "warn", params: ({ event }) => ({ step: "refreshPortal", error: event.error }) }],
              description: "Logged; the button turns off and offers to try again.",
            },
          },
        },
        // Leaving answers at once, long before a slow portal page has loaded: the button stays busy until the page is
        // gone, so extra taps meanwhile ask the server for no more portal sessions.
        leaving: {
          tags: ["portalReady", "portalOpening"],
          description: "The browser is leaving for the billing portal: the button stays busy until the page is gone.",
          invoke: {
            id: "openPortal",
            src: "openPortal",
            input: ({ context }) => ({ url: context.portalLink ?? "" }),
            onError: {
              target: "ready",
              actions: { type: "warn", params: ({ event }) => ({ step: "openPortal", error: event.error }) },
              description: "Logged; the button works again.",
            },
          },
          after: {
            leavingPatience: { target: "stalled", description: "The billing portal has not opened: the button works again and the page says so." },
          },
          on: {
            "page.restored": { target: "ready", description: "The visitor came back with the Back button: the button works again." },
          },
        },
        /** No link offered: the one held ages, and a press asks for a fresh one (decision 017). */
        stalled: {
          tags: ["portalReady"],
          description:
            "Still on this page 10 seconds after leaving for the billing portal (a very slow connection, or Stop was pressed): the button works again and the page says the portal has not opened yet.",
          on: {
            "portal.open": { target: "opening", description: "Asks for a fresh link and leaves again." },
            "page.restored": { target: "ready", description: "The visitor came back with the Back button: the button as before, without the notice." },
          },
        },
        /**
         * The server no longer knew this browser as the one that paid (the proof lasts a day: a tab reopened later) and
         * e-mailed the customer a sign-in link instead. The button stays off and nothing offers to ask again: each ask
         * would e-mail another link.
         */
        emailed: {
          description: "No proof of the paying browser any more: the customer was e-mailed a sign-in link to the portal; the button is off.",
        },
        /** No link (on load or at the press): the button is off; the visitor may ask again (the welcome e-mail also has the way). */
        unavailable: {
          description: "No link (asked on load or at the press): the button is off; the visitor may ask again (the welcome e-mail also has the way).",
          on: { "portal.retry": { target: "requesting", description: "Asks for the link again." } },
        },
      },
    },
  },
});
