// /contact: commercial and residential tabs over one form machine; toasts on the outcome (the spec's), and a sent
// message also confirmed above the form, where the focus goes.
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { fromPromise, type ActorRefFrom } from "xstate";
import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import {
  contactFormMachine,
  hasDraft,
  type ContactErrorKey,
  type ContactField,
  type ContactFormInput,
  type ContactType,
} from "#machines/contact-form.machine";
import { createApiClient } from "../api/client";
import { SEND_DEADLINE_MS } from "../api/deadline";
import { brand } from "../config/brand";
import { Button } from "../ui/button";
import { PAGE_LEAD_ID, PageMeta } from "../ui/page-meta";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs";
import { TextField } from "../ui/text-field";
import { useFocusWhenShown } from "../ui/use-focus-when-shown";
import { useFocusKeptWhileBusy } from "../ui/use-focus-kept-while-busy";
import { HydratedFieldset } from "../ui/hydrated-fieldset";
import { useLanguage } from "../i18n/language-provider";
import { showToast } from "../ui/toast";
import { useToastsAhead } from "../ui/use-toasts-ahead";
import { inspect } from "../inspection/inspect";
import { newSubmissionKeys } from "../api/submission-keys";
import { CONTACT_SUBMISSION_KEY, readContactDraft, writeContactDraft } from "./contact-draft";

/** The spec's message keys, translated. */
export const contactErrorMessages: Record<ContactErrorKey, MessageDescriptor> = {
  nameRequired: msg`Please enter your name`,
  businessNameRequired: msg`Please enter your business name`,
  emailRequired: msg`Please enter your email address`,
  emailInvalid: msg`Please enter a valid email address`,
  phoneRequiredResidential: msg`Please enter a phone number so we can arrange your pickups`,
  messageRequired: msg`Please enter a message`,
};

const isContactType = (value: string | null): value is ContactType => value === "commercial" || value === "residential";

export default function ContactPage() {
  const { t, i18n } = useLingui();
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const area = params.get("area")?.trim().slice(0, 60) ?? "";
  const requestedType = params.get("type");

  // Read once, when the form starts: ?type=residential&area=Kendall preselects the tab and fills the message.
  const input = useMemo<ContactFormInput>(
    () => ({
      type: isContactType(requestedType) ? requestedType : undefined,
      message: area
        ? t`Hi! I live in ${area} and would love weekly laundry pickup there. Please let me know as soon as you serve my area.`
        : undefined,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the prefill is read once, on arrival
    [],
  );
  const api = useMemo(() => createApiClient(), []);
  const [submissionKeys] = useState(() => newSubmissionKeys(CONTACT_SUBMISSION_KEY));
  const actorRef = useActorRef(
    contactFormMachine.provide({
      // With the page's language: the team's copy says which one to answer in. A send that has not answered by
      // SEND_DEADLINE_MS fails as any other: the error toast, everything typed kept to send again. The same
      // message sent again keeps its key, so if the first try did arrive (only its answer was lost) the team
      // gets it once; a changed message is a new one.
      actors: {
        sendContactForm: fromPromise(({ input, signal }) => {
          const body = { ...input, language, submissionId: submissionKeys.keyFor(input) };
          return api.call("contactForm", { body, signal, deadlineMs: SEND_DEADLINE_MS });
        }),
      },
    }),
    { input, inspect },
  );

  // What was typed is kept in the tab until the message goes, and put back when the page loads again (a reload, the
  // language switch). After hydration: the pre-rendered form is empty, as the server rendered it.
  useEffect(() => {
    const draft = readContactDraft();
    if (draft) actorRef.send({ type: "draft.restored", draft });
    let last = actorRef.getSnapshot().context;
    const mirrored = actorRef.subscribe(({ context }) => {
      if (context.values === last.values && context.type === last.type) return;
      last = context;
      writeContactDraft(hasDraft(context.values, input.message) ? { type: context.type, values: context.values } : null);
    });
    return () => mirrored.unsubscribe();
  }, [actorRef, input.message]);

  // A failed send's toast must not wait for its code to download over the connection that just failed.
  useToastsAhead();
  // i18n is the one Lingui instance: the toast is translated in the language active when it shows.
  useEffect(() => {
    const sent = actorRef.on("sent", () => {
      // Delivered: the next message, even word for word the same, is a new one.
      submissionKeys.forget();
      showToast({
        title: i18n._(msg`Message Sent!`),
        description: i18n._(msg`Thank you for contacting us. We'll get back to you within 1 business day.`),
        variant: "success",
      });
    });
    const failed = actorRef.on("failed", () => {
      showToast({ title: i18n._(msg`Error`), description: i18n._(msg`There was an error sending your message. Please try again.`), variant: "destructive" });
    });
    return () => {
      sent.unsubscribe();
      failed.unsubscribe();
    };
  }, [actorRef, i18n, submissionKeys]);

  const type = useSelector(actorRef, (s) => s.context.type);
  const sent = useSelector(actorRef, (s) => s.matches({ form: "sent" }));
  // The form is emptied (and back on the commercial tab) when the message goes, so the focus goes to the
  // confirmation, not to a field just cleared nor to the top of the page. Not a live region: the toast is.
  const confirmation = useFocusWhenShown<HTMLHeadingElement>(sent);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
      <PageMeta
        title={t`Contact us`}
        description={t`Questions about weekly laundry pickup in Miami-Dade, or service for your business? Write to us: we answer within 1 business day.`}
      />
      <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-14">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-coral-600">{t`We're here to help`}</p>
          <h1 className="mt-2 text-4xl font-bold text-brand-900 sm:text-5xl">{t`Contact us`}</h1>
          <p id={PAGE_LEAD_ID} className="mt-4 text-lg text-muted">
            {t`Tell us what you need: weekly pickups for your home, or laundry for your restaurant, salon, gym, office or rental properties. A real person on our Miami team reads every message, in English or Spanish.`}
          </p>
          <ul className="mt-8 space-y-4">
            <ContactDetail icon="clock" title={t`Reply within 1 business day`} text={t`In English or Spanish, whichever you prefer.`} />
            <ContactDetail icon="phone" title={t`Call or text us`} text={<a href={brand.phoneHref} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline">{brand.phone}</a>} />
            <ContactDetail icon="mail" title={t`Email`} text={<a href={`mailto:${brand.email}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline">{brand.email}</a>} />
          </ul>
        </div>

        <section aria-labelledby="contact-form-heading" className="rounded-card border border-brand-100 bg-white p-5 shadow-card sm:p-8">
          <h2 id="contact-form-heading" className="text-2xl font-bold text-brand-900">{t`Send us a message`}</h2>
          <p className="mt-1 text-sm text-muted">{t`Fields marked * are required.`}</p>
          {sent && (
            <div className="mt-6 rounded-card border border-success/40 bg-green-50 p-4" data-testid="contact-confirmation">
              <h3 ref={confirmation} tabIndex={-1} className="text-lg font-bold text-success outline-none">{t`Message Sent!`}</h3>
              <p className="mt-1 text-ink">{t`Thank you for contacting us. We'll get back to you within 1 business day.`}</p>
            </div>
          )}
          <Tabs
            className="mt-6"
            selectedKey={type}
            onSelectionChange={(key) => actorRef.send({ type: "tab.changed", tab: key as ContactType })}
          >
            <TabList aria-label={t`Type of inquiry`}>
              <Tab id="commercial">{t`Commercial`}</Tab>
              <Tab id="residential">{t`Residential`}</Tab>
            </TabList>
            <TabPanel id="commercial">
              <ContactFormFields actorRef={actorRef} type="commercial" />
            </TabPanel>
            <TabPanel id="residential">
              <ContactFormFields actorRef={actorRef} type="residential" />
            </TabPanel>
          </Tabs>
        </section>
      </div>
    </div>
  );
}

type ContactActorRef = ActorRefFrom<typeof contactFormMachine>;

function ContactFormFields({ actorRef, type }: { actorRef: ContactActorRef; type: ContactType }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const values = useSelector(actorRef, (s) => s.context.values);
  const errors = useSelector(actorRef, (s) => s.context.errors);
  const busy = useSelector(actorRef, (s) => s.hasTag("busy"));
  const keepFocus = useFocusKeptWhileBusy(busy);

  const error = (field: ContactField) => {
    const key = errors[field];
    return key ? i18n._(contactErrorMessages[key]) : undefined;
  };
  const field = (name: ContactField) => ({
    value: values[name],
    onChange: (value: string) => actorRef.send({ type: "field.changed", field: name, value }),
    errorMessage: error(name),
    validationBehavior: "aria" as const,
    isDisabled: busy,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: "submit" });
    // Move focus to the first field that needs attention, once its error is rendered.
    if (actorRef.getSnapshot().matches({ form: "invalid" })) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    }
  };

  // History back (the spec's Back), unless this is the first page of the visit on this site (opened from an
  // e-mail, a search or a new tab): the router's first entry has the key "default", and back would leave the site.
  const { key } = useLocation();
  const goBack = () => (key === "default" ? navigate("/") : navigate(-1));

  return (
    <HydratedFieldset>
      <form ref={formRef} noValidate onSubmit={onSubmit} onFocus={keepFocus} className="grid gap-5 sm:grid-cols-2" aria-busy={busy}>
        <p className="text-sm text-muted sm:col-span-2">
          {type === "commercial"
            ? t`For restaurants, salons, gyms, offices, clinics and property managers: tell us your volume and we'll prepare a quote.`
            : t`For homes and apartments: ask us anything about weekly pickups, plans or your neighborhood.`}
        </p>
        {/* Every single-line field is followed by another (the message last, where Enter is a new line). */}
        <TextField label={t`Your name`} isRequired autoComplete="name" enterKeyHint="next" {...field("name")} />
        {type === "commercial" && <TextField label={t`Business name`} isRequired autoComplete="organization" enterKeyHint="next" {...field("businessName")} />}
        <TextField label={t`Email`} type="email" isRequired autoComplete="email" enterKeyHint="next" {...field("email")} />
        <TextField
          label={type === "commercial" ? t`Phone (optional)` : t`Phone`}
          type="tel"
          isRequired={type === "residential"}
          autoComplete="tel"
          enterKeyHint="next"
          {...field("phone")}
        />
        <TextField label={t`Message`} multiline rows={5} isRequired className="sm:col-span-2" {...field("message")} />
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="secondary" onPress={goBack}>
            <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2"><path d="M12 5l-5 5 5 5" /></svg>
            {t({ message: "Back", context: "previous page" })}
          </Button>
          <Button type="submit" variant="accent" isDisabled={busy} className="sm:min-w-40">
            {busy ? t`Sending...` : t`Submit`}
          </Button>
        </div>
      </form>
    </HydratedFieldset>
  );
}

const icons = {
  clock: "M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0z",
  phone: "M3 5a2 2 0 012-2h2.3a1 1 0 01.95.68l1.1 3.3a1 1 0 01-.5 1.2l-1.6.8a11 11 0 005.8 5.8l.8-1.6a1 1 0 011.2-.5l3.3 1.1a1 1 0 01.68.95V19a2 2 0 01-2 2h-1C9.7 21 3 14.3 3 6V5z",
  mail: "M3 7l9 6 9-6M5 5h14a2 2 0 012 2v10a2 2 0 01-2 2H5a2 2 0 01-2-2V7a2 2 0 012-2z",
};

function ContactDetail({ icon, title, text }: { icon: keyof typeof icons; title: string; text: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d={icons[icon]} /></svg>
      </span>
      <span>
        <span className="block font-semibold text-ink">{title}</span>
        <span className="block text-muted">{text}</span>
      </span>
    </li>
  );
}
