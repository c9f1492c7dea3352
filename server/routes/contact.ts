// POST /api/contact_form (stored, operator notified through the outbox), POST /api/newsletter (once per e-mail)
// and POST /api/waitlist (once per e-mail and ZIP; `npm run waitlist:export` prints it for the operator).
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calls } from "#contract/calls";
import { contactMessages, newsletterSubscriptions, waitlist } from "../db/schema";
import { queueEmail } from "../mail/outbox";
import { errors } from "./schemas";

export default fp(
  async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      "/api/contact_form",
      {
        schema: {
          summary: "Send a message to the team",
          tags: ["contact"],
          body: calls.contactForm.body,
          response: { 200: calls.contactForm.response, ...errors(400) },
        },
      },
      async (request) => {
        const { submissionId, ...form } = request.body;
        const receivedAt = app.now();
        await app.database.db.transaction(async (tx) => {
          const stored = await tx
            .insert(contactMessages)
            .values({
              type: form.type,
              name: form.name,
              businessName: form.type === "commercial" ? form.businessName : null,
              email: form.email,
              phone: form.phone || null,
              message: form.message,
              submissionId: submissionId ?? null,
              createdAt: receivedAt,
            })
            .onConflictDoNothing({ target: contactMessages.submissionId })
            .returning({ id: contactMessages.id });
          // A repeat of a message already stored (its first answer was lost): acknowledged, not sent again.
          if (stored.length === 0) return;
          await queueEmail(tx, {
            kind: "contact-notification",
            to: app.config.CONTACT_INBOX,
            language: "en",
            data: { ...form, receivedAt: receivedAt.toISOString() },
          });
        });
        return { ok: true as const };
      },
    );

    api.post(
      "/api/newsletter",
      {
        schema: {
          summary: "Subscribe to the newsletter",
          tags: ["contact"],
          body: calls.newsletter.body,
          response: { 200: calls.newsletter.response, ...errors(400) },
        },
      },
      async (request) => {
        await app.database.db
          .insert(newsletterSubscriptions)
          .values({ email: request.body.email, language: request.body.language, createdAt: app.now() })
          .onConflictDoNothing({ target: newsletterSubscriptions.email });
        return { ok: true as const };
      },
    );

    api.post(
      "/api/waitlist",
      {
        schema: {
          summary: "Ask to be told when the service reaches a ZIP code",
          tags: ["contact"],
          body: calls.waitlist.body,
          response: { 200: calls.waitlist.response, ...errors(400) },
        },
      },
      async (request) => {
        const { email, zip, language } = request.body;
        // Idempotent: a repeat of the same e-mail and ZIP keeps the first entry and answers the same.
        await app.database.db
          .insert(waitlist)
          .values({ email, zip, language, createdAt: app.now() })
          .onConflictDoNothing({ target: [waitlist.email, waitlist.zip] });
        return { ok: true as const };
      },
    );
  },
  { name: "contact-routes", dependencies: ["database"] },
);
