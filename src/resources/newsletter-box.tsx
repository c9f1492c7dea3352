// The blog's newsletter sign-up: the newsletter machine with the API client behind it. Its answer is said once,
// in the box (a polite status region), not also in a toast.
import { useMemo, type FormEvent } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { fromPromise } from "xstate";
import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { newsletterMachine, type NewsletterErrorKey } from "#machines/newsletter.machine";
import { createApiClient } from "../api/client";
import { SEND_DEADLINE_MS } from "../api/deadline";
import { useLanguage } from "../i18n/language-provider";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { useFocusWhenShown } from "../ui/use-focus-when-shown";
import { useFocusKeptWhileBusy } from "../ui/use-focus-kept-while-busy";
import { HydratedFieldset } from "../ui/hydrated-fieldset";
import { inspect } from "../inspection/inspect";

const errorMessages: Record<NewsletterErrorKey, MessageDescriptor> = {
  emailRequired: msg`Please enter your email address`,
  emailInvalid: msg`Please enter a valid email address`,
  rateLimited: msg`Too many attempts. Please wait a minute and try again.`,
  requestFailed: msg`We couldn't subscribe you right now. Please try again.`,
};

export function NewsletterBox() {
  const { t, i18n } = useLingui();
  const { language } = useLanguage();
  const api = useMemo(() => createApiClient(), []);
  const actorRef = useActorRef(
    newsletterMachine.provide({
      actors: { subscribe: fromPromise(({ input, signal }) => api.call("newsletter", { body: input, signal, deadlineMs: SEND_DEADLINE_MS })) },
    }),
    { inspect },
  );
  const email = useSelector(actorRef, (s) => s.context.email);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.hasTag("busy"));
  const subscribed = useSelector(actorRef, (s) => s.matches("subscribed"));
  // The field is emptied and the button was disabled while sending: the focus goes to the thanks, not to the top
  // of the page.
  const thanks = useFocusWhenShown<HTMLParagraphElement>(subscribed);
  const keepFocus = useFocusKeptWhileBusy(busy);
  const validationError = error === "emailRequired" || error === "emailInvalid";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: "submit", language });
  };

  return (
    <section aria-labelledby="newsletter-heading" className="rounded-card border border-brand-200 bg-brand-50 p-6 shadow-card">
      <h2 id="newsletter-heading" className="text-xl font-bold text-brand-900">{t`Get our newsletter`}</h2>
      <p className="mt-2 text-sm text-muted">{t`Laundry tips, eco-friendly ideas and Miami news, about twice a month. Unsubscribe anytime.`}</p>
      <HydratedFieldset className="mt-4">
        <form noValidate onSubmit={onSubmit} onFocus={keepFocus} className="flex flex-col gap-3">
          <TextField
            label={t`Email`}
            type="email"
            autoComplete="email"
            enterKeyHint="send"
            validationBehavior="aria"
            value={email}
            onChange={(value) => actorRef.send({ type: "email.changed", value })}
            errorMessage={validationError ? i18n._(errorMessages[error]) : undefined}
            isDisabled={busy}
          />
          <Button type="submit" variant="accent" isDisabled={busy}>
            {busy ? t`Subscribing...` : t`Subscribe`}
          </Button>
        </form>
      </HydratedFieldset>
      <div role="status" aria-live="polite" className="mt-3 text-sm">
        {subscribed && (
          <p ref={thanks} tabIndex={-1} className="font-semibold text-success outline-none">
            {t`Thanks! You're on the list.`}
          </p>
        )}
        {error && !validationError && <p className="font-semibold text-danger">{i18n._(errorMessages[error])}</p>}
      </div>
    </section>
  );
}
