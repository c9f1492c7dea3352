// The real side effects of the checkout machines: API calls, sessionStorage, the tracker and navigation.
import { fromPromise } from "xstate";
import { createApiClient, hostedLink, type ApiClient } from "../api/client";
import type { ConversionEvent } from "#machines/payment-success.machine";
import { claimPaymentSuccessRun, sendConversion } from "./checkout-storage";
import { leaveFor } from "../browser/tab-session";

const requestPortal = (api: ApiClient) =>
  fromPromise<string, { email: string }>(async ({ input, signal }) =>
    hostedLink(await api.call("createPortalSession", { params: { email: input.email }, signal }), "portal"),
  );

export function paymentSuccessActors(api: ApiClient = createApiClient()) {
  return {
    claimRun: fromPromise<boolean, { key: string }>(async ({ input }) => claimPaymentSuccessRun(input.key)),
    createOrder: fromPromise<unknown, { email: string; date: string; createdBy: string }>(({ input }) =>
      api.call("createOrder", { body: { client_email: input.email, createdBy: input.createdBy, date: input.date } }),
    ),
    setActive: fromPromise<unknown, { email: string }>(({ input }) => api.call("setActive", { params: { email: input.email } })),
    sendWelcomeEmail: fromPromise<unknown, { email: string }>(({ input }) =>
      api.call("sendWelcomeEmail", { query: { email: input.email }, body: input.email }),
    ),
    trackConversion: fromPromise<unknown, ConversionEvent>(async ({ input }) => sendConversion(input)),
    requestPortal: requestPortal(api),
    openPortal: fromPromise<unknown, { url: string }>(async ({ input }) => leaveFor(input.url)),
  };
}

export function paymentCanceledActors(navigate: (path: string, options: { replace: boolean }) => unknown, api: ApiClient = createApiClient()) {
  return {
    deleteClient: fromPromise<unknown, { email: string }>(({ input }) => api.call("deleteClient", { params: { email: input.email } })),
    returnToSignup: fromPromise<unknown, { path: string }>(async ({ input }) => {
      await navigate(input.path, { replace: true });
    }),
  };
}

export function portalRedirectActors(api: ApiClient = createApiClient()) {
  return {
    // With a token, the portal link; without proof the server answers { sent: true } (null here). The e-mails'
    // links carry the token alone; older ones (and the "e-mail me a link" offer) the address.
    requestPortal: fromPromise<string | null, { email?: string; token?: string }>(async ({ input, signal }) => {
      const answer = input.email
        ? await api.call("createPortalSession", { params: { email: input.email }, query: input.token ? { token: input.token } : undefined, signal })
        : await api.call("portalSession", { body: { token: input.token ?? "" }, signal });
      return answer.sent ? null : hostedLink(answer, "portal");
    }),
    redirect: fromPromise<unknown, { url: string }>(async ({ input }) => leaveFor(input.url)),
  };
}
