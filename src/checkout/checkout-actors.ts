// The real side effects of the checkout machines: API calls, sessionStorage, the tracker and navigation.
import { fromPromise } from "xstate";
import { createApiClient, hostedLink, type ApiClient } from "../api/client";
import { PAYMENT_DEADLINE_MS } from "../api/deadline";
import type { ConversionEvent } from "#machines/payment-success.machine";
import { newSubmissionKeys } from "../api/submission-keys";
import { PORTAL_REQUEST_KEY } from "#domain/signup-storage";
import { claimPaymentSuccessRun, sendConversion } from "./checkout-storage";
import { leaveFor } from "../browser/tab-session";
import { forgetPortalToken, keepPortalToken } from "./portal-token-tab";

// Every ask of the tab's success page carries one key (decision 018): when the server no longer knows this browser as
// the one that paid (its proof lasts a day) it e-mails a sign-in link instead ({ sent: true }, null here), and a
// repeat of the ask (a retry after a lost answer, the press after the load, a reload) e-mails nothing more while that
// link is unused. Unlike /login's key, it is kept once answered: a reload asking again is the same request.
const requestPortal = (api: ApiClient) => {
  const keys = newSubmissionKeys(PORTAL_REQUEST_KEY);
  return fromPromise<string | null, { email: string }>(async ({ input, signal }) => {
    const answer = await api.call("createPortalSession", {
      params: { email: input.email },
      query: { requestId: keys.keyFor(input.email) },
      signal,
      deadlineMs: PAYMENT_DEADLINE_MS,
    });
    return answer.sent ? null : hostedLink(answer, "portal");
  });
};

// Every call ends by PAYMENT_DEADLINE_MS at the latest (the server may be asking the payment provider): a stalled
// one is then logged and skipped like any failed one, so the sequence goes on and the portal button gets its
// answer. Each is idempotent on the server (an order once per day, the welcome e-mail once, set_active and the
// rollback repeatable), and the server's fulfilment completes whatever a skipped call left.
export function paymentSuccessActors(api: ApiClient = createApiClient()) {
  return {
    claimRun: fromPromise<boolean, { key: string }>(async ({ input }) => claimPaymentSuccessRun(input.key)),
    createOrder: fromPromise<unknown, { email: string; date: string; createdBy: string }>(({ input, signal }) =>
      api.call("createOrder", { body: { client_email: input.email, createdBy: input.createdBy, date: input.date }, signal, deadlineMs: PAYMENT_DEADLINE_MS }),
    ),
    setActive: fromPromise<unknown, { email: string }>(({ input, signal }) =>
      api.call("setActive", { params: { email: input.email }, signal, deadlineMs: PAYMENT_DEADLINE_MS }),
    ),
    sendWelcomeEmail: fromPromise<unknown, { email: string }>(({ input, signal }) =>
      api.call("sendWelcomeEmail", { query: { email: input.email }, body: input.email, signal, deadlineMs: PAYMENT_DEADLINE_MS }),
    ),
    trackConversion: fromPromise<unknown, ConversionEvent>(async ({ input }) => sendConversion(input)),
    requestPortal: requestPortal(api),
    openPortal: fromPromise<unknown, { url: string }>(async ({ input }) => leaveFor(input.url)),
  };
}

export function paymentCanceledActors(navigate: (path: string, options: { replace: boolean }) => unknown, api: ApiClient = createApiClient()) {
  return {
    // A stalled rollback is given up like a failed one: the visitor goes back to step 6 anyway (the pending client
    // expires with its checkout, and the next checkout of the e-mail replaces it).
    // With the cancelled checkout named, the server rolls back only that one (never a newer one from another tab).
    deleteClient: fromPromise<unknown, { email: string; checkout?: string }>(({ input, signal }) =>
      api.call("deleteClient", {
        params: { email: input.email },
        query: input.checkout === undefined ? undefined : { checkout: input.checkout },
        signal,
        deadlineMs: PAYMENT_DEADLINE_MS,
      }),
    ),
    returnToSignup: fromPromise<unknown, { path: string }>(async ({ input }) => {
      await navigate(input.path, { replace: true });
    }),
  };
}

export function portalRedirectActors(api: ApiClient = createApiClient()) {
  return {
    // With a token, the portal link; without proof the server answers { sent: true } (null here). The e-mails'
    // links carry the token alone; older ones (and the "e-mail me a link" offer) the address. The offer's request
    // carries its key (decision 018): a retry after a lost answer e-mails no second link.
    // A token is kept in the tab while its request is out, so a reload meanwhile carries on with it (./portal-token-tab).
    requestPortal: fromPromise<string | null, { email?: string; token?: string; requestId?: string }>(async ({ input, signal }) => {
      const query = { ...(input.token ? { token: input.token } : {}), ...(input.requestId ? { requestId: input.requestId } : {}) };
      const kept = input.token ? keepPortalToken(input.token) : null;
      try {
        const answer = input.email
          ? await api.call("createPortalSession", {
              params: { email: input.email },
              query: Object.keys(query).length ? query : undefined,
              signal,
              deadlineMs: PAYMENT_DEADLINE_MS,
            })
          : await api.call("portalSession", { body: { token: input.token ?? "" }, signal, deadlineMs: PAYMENT_DEADLINE_MS });
        return answer.sent ? null : hostedLink(answer, "portal");
      } finally {
        if (kept) forgetPortalToken(kept);
      }
    }),
    redirect: fromPromise<unknown, { url: string }>(async ({ input }) => leaveFor(input.url)),
  };
}
