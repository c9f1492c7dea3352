// The client calls: e-mail check, pending register/update, the cancellation rollback, and the post-payment
// set_active and send_welcome_email (idempotent, for a paid client only). Who may do what
// (docs/who-may-do-what.md): a pending sign-up changes only for the browser whose checkout cookie names it,
// the post-payment calls answer only the paying browser; everyone else gets one answer for every address.
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calls } from "#contract/calls";
import { ApiError } from "../errors";
import { welcomeData } from "../mail/welcome-data";
import { queueEmail } from "../mail/outbox";
import { expireSessions } from "../services/checkout";
import { deletePendingClient, emailExists, findClient, latestPaidCheckout, upsertPendingClient } from "../services/clients";
import { checkoutRef, ownedSignup, ownsSignup } from "../auth/ownership";
import { sameText } from "../auth/crypto";
import { requirePayingBrowser } from "../auth/paying-browser";
import { welcomeKey } from "../services/fulfilment";
import { browserPayments } from "../payments/index";
import { errors } from "./schemas";
import { operatorContact } from "../services/operator-notices";

const unknownClient = () => new ApiError(404, "not_found", "No client with this e-mail address.", { email: "clientNotFound" });

export default fp(
  async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const db = () => app.database.db;

    api.get(
      "/api/client/email_exists/:email",
      {
        schema: {
          summary: "Whether the e-mail has a live subscription",
          tags: ["sign-up"],
          params: calls.emailExists.params,
          response: { 200: calls.emailExists.response, ...errors(400) },
        },
      },
      async (request) => ({ exists: await emailExists(db(), request.params.email) }),
    );

    api.post(
      "/api/client/register/new",
      {
        schema: {
          summary: "Create or update a pending client",
          tags: ["clients"],
          body: calls.registerClient.body,
          response: { 200: calls.registerClient.response, ...errors(400, 409) },
        },
      },
      async (request) => {
        // A new address is registered for anyone; an existing sign-up (pending or paying) changes only for its
        // owner, and a stranger gets the same answer as for a new address.
        if (await ownsSignup(db(), request, request.body.email, app.now())) {
          await upsertPendingClient(db(), request.body, app.now());
        } else if (!(await findClient(db(), request.body.email))) {
          await upsertPendingClient(db(), request.body, app.now(), { onlyNew: true });
        }
        return { ok: true as const };
      },
    );

    api.put(
      "/api/client/update_by_email",
      {
        schema: {
          summary: "Update a pending client",
          tags: ["clients"],
          body: calls.updateClient.body,
          response: { 200: calls.updateClient.response, ...errors(400, 404, 409) },
        },
      },
      async (request) => {
        // Only the owner's browser changes its sign-up; for anyone else it is as unknown as any address.
        if (!(await ownsSignup(db(), request, request.body.email, app.now()))) throw unknownClient();
        await upsertPendingClient(db(), request.body, app.now(), { mustExist: true });
        return { ok: true as const };
      },
    );

    api.get(
      "/api/client/delete_by_email/:email",
      {
        schema: {
          summary: "Delete a pending client and release its held days (the cancellation rollback)",
          tags: ["sign-up"],
          params: calls.deleteClient.params,
          querystring: calls.deleteClient.querystring,
          response: { 200: calls.deleteClient.response, ...errors(400, 409) },
        },
      },
      async (request, reply) => {
        const unchanged = { ok: true as const, deleted: false };
        const owned = await ownedSignup(db(), request, request.params.email, app.now());
        if (!owned) return unchanged;
        // From a cancel address: only the checkout it names, while it is the client's current one (a stale tab or
        // an old link never rolls back the newer checkout that replaced it). Without one, as the spec's call.
        const ref = request.query.checkout;
        if (ref !== undefined && !sameText(ref, checkoutRef(owned.checkout.ownerHash ?? ""))) return unchanged;
        const payments = browserPayments(app, reply);
        const outcome = await deletePendingClient(db(), payments, operatorContact(app.config), request.params.email, ref === undefined ? undefined : owned.checkout.id);
        await expireSessions(payments, outcome.expiredSessions, request.log);
        return { ok: true as const, deleted: outcome.deleted };
      },
    );

    api.get(
      "/api/client/set_active/:email",
      {
        schema: {
          summary: "Confirm a paid client is active (fulfils a paid checkout not yet recorded)",
          tags: ["after payment"],
          params: calls.setActive.params,
          response: { 200: calls.setActive.response, ...errors(400, 409) },
        },
      },
      async (request, reply) => {
        await requirePayingBrowser(db(), browserPayments(app, reply), operatorContact(app.config), request, request.params.email, app.now());
        return { ok: true as const, isActive: true as const };
      },
    );

    api.post(
      "/api/client/send_welcome_email",
      {
        schema: {
          summary: "Queue the welcome e-mail of a paid client (once)",
          tags: ["after payment"],
          querystring: calls.sendWelcomeEmail.querystring,
          body: calls.sendWelcomeEmail.body,
          response: { 200: calls.sendWelcomeEmail.response, ...errors(400, 409) },
        },
      },
      async (request, reply) => {
        if (request.body !== request.query.email) {
          throw new ApiError(400, "validation_failed", "The e-mail in the body and in the address differ.", { body: "emailMismatch" });
        }
        const client = await requirePayingBrowser(db(), browserPayments(app, reply), operatorContact(app.config), request, request.query.email, app.now());
        const checkout = await latestPaidCheckout(db(), client.id);
        if (!checkout) throw new ApiError(409, "not_paid", "No paid checkout was found for this e-mail address.");
        const id = await queueEmail(db(), {
          kind: "welcome",
          to: client.email,
          language: client.language,
          data: welcomeData(client, checkout),
          dedupeKey: welcomeKey(client.id, checkout.id),
        });
        return { ok: true as const, queued: id !== null };
      },
    );
  },
  { name: "client-routes", dependencies: ["database", "payments"] },
);
