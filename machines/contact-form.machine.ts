// The contact form of spec section 5: two tabs, validation by the contract's schema, one POST, two outcomes.
import { assign, emit, fromPromise, setup } from "xstate";
import { contactFormSchema, type ContactForm } from "../src/contract/calls";

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
  | { type: "tab.changed"; tab: ContactType }
  | { type: "submit" };

export type ContactFormEmitted = { type: "sent" } | { type: "failed" };

export const emptyContactValues: ContactValues = { name: "", businessName: "", email: "", phone: "", message: "" };

const errorKeys = new Set<string>(["nameRequired", "businessNameRequired", "emailRequired", "emailInvalid", "phoneRequiredResidential", "messageRequired"]);

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
    if (errors[field]) continue;
    // Length caps and the like have no key of their own: an over-long address is still an invalid address.
    errors[field] = errorKeys.has(issue.message) ? (issue.message as ContactErrorKey) : field === "email" ? "emailInvalid" : requiredKey[field];
  }
  return { ok: false, errors };
}


export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    input: {} as ContactFormInput,
    emitted: {} as ContactFormEmitted,
  },
  actors: {
    // Provided by the view (the API client); the machine itself makes no call.
    sendContactForm: fromPromise<unknown, ContactForm>(async () => {
      throw new Error("sendContactForm is provided by the view");
    }),
  },
  guards: {
    isValid: ({ context }) => validateContactForm(context.type, context.values).ok,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== "field.changed") return {};
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    setTab: assign(({ context, event }) => {
      if (event.type !== "tab.changed") return {};
      const { businessName: _b, phone: _p, ...errors } = context.errors;
      return { type: event.tab, errors };
    }),
    showErrors: assign(({ context }) => {
      const result = validateContactForm(context.type, context.values);
      return { errors: result.ok ? {} : result.errors };
    }),
    reset: assign({ type: "commercial" as ContactType, values: emptyContactValues, errors: {} }),
    notifySent: emit({ type: "sent" }),
    notifyFailed: emit({ type: "failed" }),
  },
}).createMachine({
  id: "contactForm",
  context: ({ input }) => ({
    type: input?.type ?? "commercial",
    values: { ...emptyContactValues, message: input?.message ?? "" },
    errors: {},
  }),
  initial: "form",
  states: {
    form: {
      initial: "idle",
      on: {
        "field.changed": { target: ".idle", actions: "setField" },
        "tab.changed": { target: ".idle", actions: "setTab" },
        submit: [{ guard: "isValid", target: "submitting" }, { target: ".invalid", actions: "showErrors" }],
      },
      states: {
        idle: {},
        /** Submit found errors; they show until their fields are edited. */
        invalid: {},
        /** The message went; the form is empty and commercial again. */
        sent: {},
        /** The message did not go; everything typed is kept. */
        failed: {},
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        id: "sendContactForm",
        src: "sendContactForm",
        input: ({ context }) => {
          const result = validateContactForm(context.type, context.values);
          if (!result.ok) throw new Error("submitting an invalid form");
          return result.data;
        },
        onDone: { target: "form.sent", actions: ["reset", "notifySent"] },
        onError: { target: "form.failed", actions: "notifyFailed" },
      },
    },
  },
});
