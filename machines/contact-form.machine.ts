// The contact form (product.md CON-1): two tabs, validation by the contract's schema, one POST, two outcomes.
import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import { contactFormSchema, type ContactForm } from "#contract/calls";
import { notProvided } from "./not-provided";

export type ContactType = "commercial" | "residential";
export type ContactField = "name" | "businessName" | "email" | "phone" | "message";
/** The spec's message keys; the view translates them. */
export type ContactErrorKey =
  | "nameRequired"
  | "businessNameRequired"
  | "emailRequired"
  | "emailInvalid"
  | "phoneRequiredResidential"
  | "messageRequired";
export type ContactErrors = Partial<Record<ContactField, ContactErrorKey>>;
export type ContactValues = Record<ContactField, string>;

export interface ContactFormContext {
  type: ContactType;
  values: ContactValues;
  errors: ContactErrors;
}

export interface ContactFormInput {
  /** Preselected tab (e.g. from /contact?type=residential). */
  type?: ContactType;
  /** A prefilled message (e.g. the area a visitor asks us to serve). */
  message?: string;
}

export type ContactFormEvent =
  | { type: "field.changed"; field: ContactField; value: string }
  /** What the visitor had typed in this tab before a reload or a language switch (the view keeps it). */
  | { type: "draft.restored"; draft: ContactDraft }
  | { type: "tab.changed"; tab: ContactType }
  | { type: "submit" };

export type ContactFormEmitted = { type: "sent" } | { type: "failed" };

export const emptyContactValues: ContactValues = { name: "", businessName: "", email: "", phone: "", message: "" };

/** The tab and fields typed, kept in the tab until the message goes. */
export interface ContactDraft {
  type: ContactType;
  values: ContactValues;
}

/** A draft worth keeping: something typed beyond what the page prefilled. */
export const hasDraft = (values: ContactValues, prefilledMessage = ""): boolean =>
  Object.entries(values).some(([field, value]) => value.trim() !== "" && !(field === "message" && value === prefilledMessage));

const requiredKey: Record<ContactField, ContactErrorKey> = {
  name: "nameRequired",
  businessName: "businessNameRequired",
  email: "emailRequired",
  phone: "phoneRequiredResidential",
  message: "messageRequired",
};

/** What the form would send: the contract's schema applied to the fields of the active tab (values trimmed). */
export function validateContactForm(type: ContactType, values: ContactValues): { ok: true; data: ContactForm } | { ok: false; errors: ContactErrors } {
  const candidate =
    type === "commercial"
      ? { type, name: values.name, businessName: values.businessName, email: values.email, message: values.message, ...(values.phone.trim() ? { phone: values.phone } : {}) }
      : { type, name: values.name, email: values.email, phone: values.phone, message: values.message };
  const result = contactFormSchema.safeParse(candidate);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    // Each field has one message: the e-mail's says whether it is missing or invalid; any other field's says it
    // is required, whatever the issue (length caps have no key of their own: an over-long name is still unusable).
    errors[field] ??= field === "email" && issue.message !== "emailRequired" ? "emailInvalid" : requiredKey[field];
  }
  return { ok: false, errors };
}


export const contactFormMachine = setup({
  // Stryker disable next-line ObjectLiteral: TypeScript only; XState reads no value of `types` at run time.
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    input: {} as ContactFormInput,
    emitted: {} as ContactFormEmitted,
  },
  actors: {
    // Provided by the view (the API client); the machine itself makes no call.
    sendContactForm: fromPromise<unknown, ContactForm>(notProvided("sendContactForm")),
  },
  guards: {
    isValid: ({ context }) => validateContactForm(context.type, context.values).ok,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, "field.changed");
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    setTab: assign(({ context, event }) => {
      assertEvent(event, "tab.changed");
      const { businessName: _b, phone: _p, ...errors } = context.errors;
      return { type: event.tab, errors };
    }),
    showErrors: assign(({ context }) => {
      const result = validateContactForm(context.type, context.values);
      return { errors: result.ok ? {} : result.errors };
    }),
    reset: assign({ type: "commercial" as ContactType, values: emptyContactValues, errors: {} }),
    restoreDraft: assign(({ event }) => {
      assertEvent(event, "draft.restored");
      return { type: event.draft.type, values: { ...emptyContactValues, ...event.draft.values }, errors: {} };
    }),
    notifySent: emit({ type: "sent" }),
    notifyFailed: emit({ type: "failed" }),
  },
}).createMachine({
  id: "contactForm",
  description:
    "The contact form: a commercial and a residential tab, each field checked when Send is pressed, one message sent, and a toast saying whether it went.",
  meta: {
    events: {
      "field.changed": "a field is edited",
      "tab.changed": "the visitor switches between commercial and residential",
      "draft.restored": "the page comes back (a reload, a language switch) with what was typed in this tab",
      submit: "Send is pressed",
    },
    guards: {
      isValid: "every field of the active tab is valid",
    },
    actors: {
      sendContactForm: { name: "sending the message", description: "Sends the message to the server, which mails it to the team." },
    },
  },
  context: ({ input }) => ({
    type: input?.type ?? "commercial",
    values: { ...emptyContactValues, message: input?.message ?? "" },
    errors: {},
  }),
  initial: "form",
  states: {
    form: {
      initial: "idle",
      description: "The form is open for typing.",
      on: {
        "field.changed": { target: ".idle", actions: "setField", description: "Keeps the value and clears that field's error." },
        "tab.changed": { target: ".idle", actions: "setTab", description: "Switches the tab, clearing the errors of the fields that differ." },
        "draft.restored": { target: ".idle", actions: "restoreDraft", description: "Puts back the tab and the fields typed before the page was reloaded." },
        submit: [
          { guard: "isValid", target: "submitting", description: "Sends the message." },
          { target: ".invalid", actions: "showErrors", description: "Shows each field's problem." },
        ],
      },
      states: {
        idle: { description: "Typing; nothing to report." },
        /** Submit found errors; they show until their fields are edited. */
        invalid: { description: "Send found problems; each shows until its field is edited." },
        /** The message went; the form is empty and commercial again. */
        sent: { description: "The message went: the form is empty and on the commercial tab again." },
        /** The message did not go; everything typed is kept. */
        failed: { description: "The message did not go; everything typed is kept to send again." },
      },
    },
    submitting: {
      tags: ["busy"],
      description: "Sending the message.",
      invoke: {
        id: "sendContactForm",
        src: "sendContactForm",
        input: ({ context }) => {
          const result = validateContactForm(context.type, context.values);
          if (!result.ok) throw new Error("submitting an invalid form");
          return result.data;
        },
        onDone: { target: "form.sent", actions: ["reset", "notifySent"], description: "Empties the form and says the message was sent." },
        onError: { target: "form.failed", actions: "notifyFailed", description: "Says the message could not be sent." },
      },
    },
  },
});
