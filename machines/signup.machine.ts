// The six-step sign-up wizard (product.md SU-1 to SU-8, PICK-1, PAY-1, PAY-2).
// Pure TypeScript: every side effect is a named actor, and the view provides all of them
// (src/signup/signup-actor.ts): the API calls and the two browser effects (saving the form at checkout,
// leaving for the checkout page). The descriptions and the root's `meta` are the words of docs/charts.
import { and, assertEvent, assign, emit, fromPromise, not, or, setup, stateIn } from "xstate";
import { addWeeks, format, parseISO } from "date-fns";
import { isAllowedRedirect, paymentProviderOrigins } from "#domain/redirects";
import { LEAVING_PATIENCE_MS } from "./leaving-patience";
import type { Client } from "#contract/client";
import type { Language } from "#contract/common";
import { PICKUP_WINDOW_WEEKS, SIGNUP_STEPS } from "#domain/plan";
import type { ServiceAreaAnswer } from "#contract/calls";
import { notProvided } from "./not-provided";
import {
  emailToCheck,
  isAreaAvailable,
  emptySignupForm,
  sortPicks,
  step1Errors,
  stepErrors,
  togglePick,
  toClient,
  zipToCheck,
  type AddressDraft,
  type BuildingField,
  type BuildingType,
  type FieldErrors,
  type SignupForm,
  type Step1Checks,
} from "#domain/signup-form";

export type SignupStep = 1 | 2 | 3 | 4 | 5 | 6;

export interface SignupInput {
  /** A restored form (the tab's mirrored form, or the form saved at checkout for resume=1). */
  form?: SignupForm;
  /** The step to reopen: the one the form was mirrored on, or 6 for resume=1; earlier if a step before it is invalid. */
  restoreStep?: number;
  /** A ZIP the visitor checked elsewhere (/signup?zip=, product.md AREA-3): filled in and checked on step 1. */
  zip?: string;
  language: Language;
  /** The browser's today (yyyy-mm-dd): the calendar's "past" and its 8-week window. */
  today: string;
  /** The site's own origin: checkout returns here, and the browser may only be sent here or to the provider. */
  origin: string;
}

export interface SignupContext {
  form: SignupForm;
  /** Field path → message key of the last failed Continue; a field's entry clears when it is edited. */
  errors: FieldErrors;
  checks: Step1Checks;
  /** The availability of the 7 days from the start date (date → available). */
  availability: Record<string, boolean>;
  language: Language;
  today: string;
  origin: string;
  restoreStep: number;
  checkoutUrl: string;
  /** The inputs of the last e-mail and ZIP checks started: Continue re-checks only an input that changed since. */
  checked: { email: string | null; zip: string | null };
  /** A step opened from the review's Edit link: its Continue returns to the review. */
  editing: boolean;
  /** What the last pick or start date did to the picks the visitor had, for the view to announce (null: nothing). */
  pickNotice: PickNotice | null;
  /** What the last area check said about the ZIP (its area, delivery time, coming soon), shown on step 1. */
  areaAnswer: { area?: string; deliveryTime?: string; comingSoon?: boolean } | null;
  /** The ZIP came with the address (/signup?zip=): step 1 checks it as it opens. */
  checkZipOnStart: boolean;
}

/** A third pick dropped the oldest one; a new start date cleared the picks (product.md PICK-1). */
export type PickNotice = { kind: "dropped"; date: string } | { kind: "cleared"; dates: string[] };

export type SignupEvent =
  | { type: "field.changed"; field: "firstName" | "lastName" | "phone"; value: string }
  | { type: "email.changed"; value: string }
  | { type: "address.changed"; address: AddressDraft }
  | { type: "address.selected"; address: AddressDraft }
  | { type: "consent.changed"; value: boolean }
  | { type: "terms.changed"; value: boolean }
  | { type: "detergent.changed"; value: "scented" | "hypoallergenic" }
  | { type: "softener.changed"; value: boolean }
  | { type: "date.start"; date: string }
  | { type: "date.toggled"; date: string }
  | { type: "building.type.changed"; value: BuildingType }
  | { type: "building.changed"; field: BuildingField; value: string }
  | { type: "step.next" }
  | { type: "step.back" }
  | { type: "language.changed"; language: Language }
  /** The review's Edit link of a section: opens its step, whose Continue comes back to the review. */
  | { type: "review.edit"; step: 1 | 2 | 3 | 4 | 5 }
  /** The browser's Back or Forward reached the history entry of a step. */
  | { type: "step.visit"; step: number }
  /** The page came back from the back-forward cache after leaving for the checkout. */
  | { type: "page.restored" };

/** Notifications for the view: it shows the toasts, translating the keys and codes. */
export type SignupEmitted =
  | { type: "validation.failed"; keys: string[] }
  | { type: "checkout.failed"; code?: string };

export interface SavedCheckoutInput {
  form: SignupForm;
  client: Client;
}

/** Error codes of the checkout that send the user back to a step to fix. */
export const DAY_ERROR_CODES = ["day_full", "day_unavailable"] as const;
export const AREA_ERROR_CODES = ["area_unavailable"] as const;
export const EMAIL_ERROR_CODES = ["client_active"] as const;

/** The server's error code an API failure carries (src/api/client.ts ApiRequestError), if any. */
const errorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
};
const hasCode = (codes: readonly string[]) => ({ event }: { event: unknown }) => codes.includes(errorCode((event as { error?: unknown }).error) ?? "");


/** The latest start date the calendar offers: PICKUP_WINDOW_WEEKS from today. */
export const lastStartDate = (today: string) => format(addWeeks(parseISO(today), PICKUP_WINDOW_WEEKS), "yyyy-MM-dd");

/** Whether every step before `step` is valid, so the wizard may (re)open there. */
export function stepsValidBefore(form: SignupForm, step: number): boolean {
  for (let s = 1; s < Math.min(step, SIGNUP_STEPS + 1); s++) {
    if (Object.keys(stepErrors(s as 1 | 2 | 3 | 4 | 5, form)).length) return false;
  }
  return true;
}

const clientErrorKeys = (form: SignupForm, language: Language): string[] => {
  const result = toClient(form, language);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
};

/** The form with a ZIP that came with the address, if it is a 5-digit one. */
const withZip = (form: SignupForm, zip: string | undefined): SignupForm =>
  zip && /^\d{5}$/.test(zip) ? { ...form, address: { ...form.address, zip } } : form;

export const signupMachine = setup({
  // Stryker disable next-line ObjectLiteral: TypeScript only; XState reads no value of `types` at run time.
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
    emitted: {} as SignupEmitted,
  },
  actors: {
    // Every effect is provided by the view (src/signup/signup-actor.ts), so the machine stays pure.
    checkEmail: fromPromise<{ exists: boolean }, { email: string }>(notProvided("checkEmail")),
    checkServiceArea: fromPromise<ServiceAreaAnswer, { zip: string }>(notProvided("checkServiceArea")),
    loadAvailability: fromPromise<Record<string, boolean>, { date: string }>(notProvided("loadAvailability")),
    /** Provided by the view: writes the full form under CHECKOUT_FORM_KEY. */
    saveCheckout: fromPromise<void, SavedCheckoutInput>(notProvided("saveCheckout")),
    /** Provided by the view: requests the checkout session and answers its link. */
    createCheckout: fromPromise<string, { client: Client; origin: string }>(notProvided("createCheckout")),
    /** Provided by the view: sends the browser to the checkout page. */
    redirect: fromPromise<void, { url: string }>(notProvided("redirect")),
  },
  delays: {
    leavingPatience: LEAVING_PATIENCE_MS,
  },
  guards: {
    emailCheckable: ({ event }) => {
      assertEvent(event, "email.changed");
      return emailToCheck(event.value) !== null;
    },
    currentEmailCheckable: ({ context }) => emailToCheck(context.form.email) !== null,
    zipChangedCheckable: ({ context, event }) => {
      assertEvent(event, "address.changed");
      return event.address.zip !== context.form.address.zip && zipToCheck(event.address.zip) !== null;
    },
    zipChanged: ({ context, event }) => {
      assertEvent(event, "address.changed");
      return event.address.zip !== context.form.address.zip;
    },
    selectedZipCheckable: ({ event }) => {
      assertEvent(event, "address.selected");
      return zipToCheck(event.address.zip) !== null;
    },
    currentZipCheckable: ({ context }) => zipToCheck(context.form.address.zip) !== null,
    emailExists: ({ event }) => (event as unknown as { output?: { exists?: unknown } }).output?.exists === true,
    areaAvailable: ({ event }) => isAreaAvailable((event as unknown as { output?: unknown }).output),
    zipToCheckOnStart: ({ context }) => context.checkZipOnStart && zipToCheck(context.form.address.zip) !== null && context.form.address.zip !== context.checked.zip,
    checksSettled: and([not(stateIn("#signup.step1.email.checking")), not(stateIn("#signup.step1.area.checking"))]),
    step1Valid: ({ context }) => Object.keys(step1Errors(context.form, context.checks)).length === 0,
    step2Valid: ({ context }) => Object.keys(stepErrors(2, context.form)).length === 0,
    step3Valid: ({ context }) => Object.keys(stepErrors(3, context.form)).length === 0,
    step4Valid: ({ context }) => Object.keys(stepErrors(4, context.form)).length === 0,
    step5Valid: ({ context }) => Object.keys(stepErrors(5, context.form)).length === 0,
    emailInputChanged: ({ context }) => emailToCheck(context.form.email) !== context.checked.email,
    zipInputChanged: ({ context }) => context.form.address.zip !== context.checked.zip,
    returningToReview: ({ context }) => context.editing && stepsValidBefore(context.form, 6),
    editsStep: ({ event }, params: { step: number }) => {
      assertEvent(event, "review.edit");
      return event.step === params.step;
    },
    visitsStep: ({ event }, params: { step: number }) => {
      assertEvent(event, "step.visit");
      return event.step === params.step;
    },
    /**
     * A later step the browser's Forward may reopen: only when every step before it is valid and step 1's
     * checks passed for the e-mail and ZIP as they are now.
     */
    canVisit: ({ context }, params: { step: number }) =>
      params.step === 1 ||
        (stepsValidBefore(context.form, params.step) &&
          !context.checks.emailTaken &&
          !context.checks.areaUnavailable &&
          emailToCheck(context.form.email) === context.checked.email &&
          context.form.address.zip === context.checked.zip),
    notBusy: and([
      not(stateIn("#signup.step1.submit.waiting")),
      not(stateIn("#signup.step1.email.checking")),
      not(stateIn("#signup.step1.area.checking")),
      not(stateIn("#signup.step6.checkout")),
    ]),
    clientValid: ({ context }) => toClient(context.form, context.language).success,
    canRestoreAt: ({ context }, params: { step: number }) => context.restoreStep >= params.step && stepsValidBefore(context.form, params.step),
    hasStartDate: ({ context }) => context.form.startDate !== "",
    startDateAcceptable: ({ context, event }) => {
      assertEvent(event, "date.start");
      return /^\d{4}-\d{2}-\d{2}$/.test(event.date) && event.date >= context.today && event.date <= lastStartDate(context.today);
    },
    hasAvailableDays: ({ event }) => Object.values((event as unknown as { output?: Record<string, boolean> }).output ?? {}).some(Boolean),
    dateSelectable: ({ context, event }) => {
      assertEvent(event, "date.toggled");
      return context.availability[event.date] === true;
    },
    checkoutUrlAllowed: ({ context, event }) => {
      const url = (event as unknown as { output?: unknown }).output;
      return typeof url === "string" && isAllowedRedirect(url, context.origin, paymentProviderOrigins);
    },
    isDayError: hasCode(DAY_ERROR_CODES),
    isAreaError: hasCode(AREA_ERROR_CODES),
    isEmailError: hasCode(EMAIL_ERROR_CODES),
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, "field.changed");
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors };
    }),
    setEmail: assign(({ context, event }) => {
      assertEvent(event, "email.changed");
      const { email: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, email: event.value }, errors };
    }),
    setAddress: assign(({ context, event }) => {
      assertEvent(event, ["address.changed", "address.selected"]);
      const errors = { ...context.errors };
      for (const key of ["street", "zip", "city"] as const) {
        if (event.address[key] !== context.form.address[key] || event.type === "address.selected") delete errors[`address.${key}`];
      }
      return { form: { ...context.form, address: { ...event.address } }, errors };
    }),
    setChecked: assign(({ context, event }) => {
      assertEvent(event, ["consent.changed", "terms.changed"]);
      const field = event.type === "consent.changed" ? "consent" : "terms";
      const { [field]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, [field]: event.value }, errors };
    }),
    setEmailTaken: assign(({ context }, params: { taken: boolean }) => ({ checks: { ...context.checks, emailTaken: params.taken } })),
    setAreaUnavailable: assign(({ context }, params: { unavailable: boolean }) => ({ checks: { ...context.checks, areaUnavailable: params.unavailable } })),
    setDetergent: assign(({ context, event }) => {
      assertEvent(event, "detergent.changed");
      return { form: { ...context.form, detergent: event.value }, errors: {} };
    }),
    setSoftener: assign(({ context, event }) => {
      assertEvent(event, "softener.changed");
      return { form: { ...context.form, fabricSoftener: event.value }, errors: {} };
    }),
    /** A new start date clears the picks (product.md PICK-1); choosing the same one again keeps them. */
    setStartDate: assign(({ context, event }) => {
      assertEvent(event, "date.start");
      if (event.date === context.form.startDate) return {};
      const pickNotice: PickNotice | null = context.form.picks.length ? { kind: "cleared", dates: [...context.form.picks] } : null;
      return { form: { ...context.form, startDate: event.date, picks: [], ...sortPicks([]) }, availability: {}, pickNotice };
    }),
    /** Keeps only the picks that are still available. */
    setAvailability: assign(({ context, event }) => {
      const availability = (event as unknown as { output?: Record<string, boolean> }).output ?? {};
      const picks = context.form.picks.filter((d: string) => availability[d] === true);
      return { availability, form: { ...context.form, picks } };
    }),
    clearAvailability: assign(({ context }) => ({ availability: {}, form: { ...context.form, picks: [] } })),
    togglePick: assign(({ context, event }) => {
      assertEvent(event, "date.toggled");
      const picks = togglePick(context.form.picks, event.date);
      const dropped = context.form.picks.find((d) => !picks.includes(d) && d !== event.date);
      const pickNotice: PickNotice | null = dropped ? { kind: "dropped", date: dropped } : null;
      return { form: { ...context.form, picks }, errors: {}, pickNotice };
    }),
    clearPickNotice: assign({ pickNotice: null }),
    sortPicks: assign(({ context }) => ({ form: { ...context.form, ...sortPicks(context.form.picks) } })),
    setBuildingType: assign(({ context, event }) => {
      assertEvent(event, "building.type.changed");
      return { form: { ...context.form, buildingType: event.value }, errors: {} };
    }),
    setBuildingField: assign(({ context, event }) => {
      assertEvent(event, "building.changed");
      // The key is computed first: Stryker cannot place a mutant of a template literal inside a destructuring key
      // without moving the declaration out of scope (the mutation run then fails before it starts).
      const cleared = `building.${event.field}`;
      const { [cleared]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, building: { ...context.form.building, [event.field]: event.value } }, errors };
    }),
    rememberEmailCheck: assign(({ context }) => ({ checked: { ...context.checked, email: emailToCheck(context.form.email) } })),
    /**
     * A form reopened past step 1 passed step 1 in this tab, its checks answering for this e-mail and ZIP: they count
     * as checked, as they did before the reload, so the browser's Forward may reopen a later step it had reached
     * (canVisit) and Continue on step 1 does not ask again; an edit of either is checked as always. The server
     * checks both again at payment.
     */
    trustRestoredChecks: assign(({ context }) => ({ checked: { email: emailToCheck(context.form.email), zip: context.form.address.zip } })),
    rememberZipCheck: assign(({ context }) => ({ checked: { ...context.checked, zip: context.form.address.zip }, areaAnswer: null })),
    setAreaAnswer: assign(({ event }) => {
      const output = (event as unknown as { output?: ServiceAreaAnswer }).output;
      return { areaAnswer: typeof output === "object" && output ? { area: output.area, deliveryTime: output.deliveryTime, comingSoon: output.comingSoon } : {} };
    }),
    startEditing: assign({ editing: true }),
    stopEditing: assign({ editing: false }),
    setLanguage: assign(({ event }) => {
      assertEvent(event, "language.changed");
      return { language: event.language };
    }),
    clearErrors: assign({ errors: {} }),
    setStep1Errors: assign(({ context }) => ({ errors: step1Errors(context.form, context.checks) })),
    setStepErrors: assign(({ context }, params: { step: 2 | 3 | 4 | 5 }) => ({ errors: stepErrors(params.step, context.form) })),
    emitValidationFailed: emit(({ context }) => ({ type: "validation.failed" as const, keys: [...new Set(Object.values(context.errors))] })),
    emitClientInvalid: emit(({ context }) => ({ type: "validation.failed" as const, keys: clientErrorKeys(context.form, context.language) })),
    // Runs only after checkoutUrlAllowed: the output is the link, a string.
    setCheckoutUrl: assign(({ event }) => ({ checkoutUrl: (event as unknown as { output: string }).output })),
    // Only the server's code: the view words it in the visitor's language (an error's own message is English).
    emitCheckoutFailed: emit(({ event }) => ({ type: "checkout.failed" as const, code: errorCode((event as unknown as { error?: unknown }).error) })),
  },
}).createMachine({
  id: "signup",
  description:
    "The six-step sign-up: contact details and address (step 1), detergent (step 2), fabric softener (step 3), start date and two pickup days (step 4), building details (step 5), then review and payment (step 6).",
  meta: {
    events: {
      "field.changed": "a name or the phone is edited",
      "email.changed": "the e-mail is edited",
      "address.changed": "the address is edited",
      "address.selected": "an address suggestion is picked",
      "consent.changed": "the consent box is ticked or cleared",
      "terms.changed": "the terms box is ticked or cleared",
      "detergent.changed": "a detergent is chosen",
      "softener.changed": "fabric softener is chosen or declined",
      "date.start": "a start date is chosen",
      "date.toggled": "a pickup day is ticked or cleared",
      "building.type.changed": "the building type is chosen",
      "building.changed": "a building detail is edited",
      "step.next": "Continue (Pay on step 6) is pressed",
      "step.back": "Back is pressed",
      "language.changed": "the visitor switches the language",
      "page.restored": "the browser comes back from the payment page",
      "review.edit": "an Edit link of the review is pressed",
      "step.visit": "the browser's Back or Forward reaches a step's history entry",
    },
    guards: {
      emailCheckable: "the new e-mail looks complete",
      currentEmailCheckable: "the e-mail looks complete",
      zipChangedCheckable: "the ZIP changed and has 5 characters",
      zipChanged: "the ZIP changed",
      selectedZipCheckable: "the picked address has a 5-character ZIP",
      currentZipCheckable: "the ZIP has 5 characters",
      emailExists: "the e-mail already belongs to a client",
      areaAvailable: "the ZIP is served",
      zipToCheckOnStart: "the ZIP came with the address (/signup?zip=) and has not been checked yet",
      checksSettled: "neither the e-mail check nor the area check is still running",
      step1Valid: "every field of step 1 is valid and neither check blocks",
      step2Valid: "a detergent is chosen",
      step3Valid: "fabric softener is answered",
      step4Valid: "two pickup days are chosen",
      step5Valid: "the building type and its required details are filled in",
      clientValid: "the whole form makes a valid client",
      canRestoreAt: "the saved form was on step {step} or later and every step before it is valid",
      hasStartDate: "a start date is chosen",
      startDateAcceptable: "the date is between today and 8 weeks from today",
      hasAvailableDays: "at least one of the 7 days has room",
      dateSelectable: "the day has room",
      checkoutUrlAllowed: "the payment link goes to this site or the payment provider",
      isDayError: "a chosen day filled up or closed meanwhile",
      isAreaError: "the server says the ZIP is not served",
      isEmailError: "the server says the e-mail already belongs to a client",
      emailInputChanged: "the e-mail changed since its last check",
      zipInputChanged: "the ZIP changed since its last check",
      returningToReview: "the step was opened from the review and every step is valid",
      editsStep: "the Edit link is step {step}'s",
      visitsStep: "the history entry is step {step}'s",
      canVisit: "every step before step {step} is valid and step 1's checks passed for the e-mail and ZIP as they are",
      notBusy: "no check, Continue or payment is under way",
    },
    actors: {
      checkEmail: { name: "the e-mail check", description: "Asks the server whether the e-mail already belongs to a client." },
      checkServiceArea: { name: "the area check", description: "Asks the server whether the ZIP is in the service area." },
      loadAvailability: { name: "the pickup-day check", description: "Asks the server which of the 7 days from the start date still have room." },
      saveCheckout: { name: "saving the form", description: "Keeps the whole form in the tab, so a cancelled payment can come back to step 6." },
      createCheckout: { name: "the payment request", description: "Asks the server for a payment page; the server re-checks the e-mail, the area and the two days and holds the days." },
      redirect: { name: "leaving for payment", description: "Sends the browser to the payment page." },
    },
    delays: {
      leavingPatience: "10 seconds still on this page",
    },
  },
  context: ({ input }) => ({
    form: withZip(input.form ?? emptySignupForm(), input.zip),
    errors: {},
    checks: { emailTaken: false, areaUnavailable: false },
    availability: {},
    language: input.language,
    today: input.today,
    origin: input.origin,
    restoreStep: input.restoreStep ?? 1,
    checkoutUrl: "",
    checked: { email: null, zip: null },
    editing: false,
    pickNotice: null,
    areaAnswer: null,
    checkZipOnStart: /^\d{5}$/.test(input.zip ?? ""),
  }),
  on: {
    "language.changed": { actions: "setLanguage", description: "Messages and the client's language follow the switch; the step stays." },
    // The browser's Back and Forward between the steps' history entries (never while busy, never to the step shown).
    "step.visit": ([1, 2, 3, 4, 5, 6] as const).map((step) => ({
      guard: and([
        { type: "visitsStep", params: { step } },
        "notBusy",
        not(stateIn(`#signup.step${step}`)),
        // Back to an earlier step always; Forward to a later one only over valid, checked steps.
        or([...[1, 2, 3, 4, 5, 6].filter((later) => later > step).map((later) => stateIn(`#signup.step${later}`)), { type: "canVisit", params: { step } }]),
      ]),
      target: `#signup.step${step}`,
      actions: step >= 5 ? ["clearErrors", "sortPicks"] : ["clearErrors"],
      description: `The browser's history reopens step ${step}.`,
    })),
  },
  initial: "start",
  states: {
    /** Reopens a restored form on its step, or the earliest step before it that is not valid. */
    start: {
      description: "Opening the wizard: a form saved in this tab reopens on its step, or on the first earlier step that is not complete.",
      always: [
        { guard: { type: "canRestoreAt", params: { step: 6 } }, target: "step6", actions: ["sortPicks", "trustRestoredChecks"], description: "Reopens on step 6 with the pickup days in order." },
        { guard: { type: "canRestoreAt", params: { step: 5 } }, target: "step5", actions: ["sortPicks", "trustRestoredChecks"], description: "Reopens on step 5 with the pickup days in order." },
        { guard: { type: "canRestoreAt", params: { step: 4 } }, target: "step4", actions: "trustRestoredChecks", description: "Reopens on step 4." },
        { guard: { type: "canRestoreAt", params: { step: 3 } }, target: "step3", actions: "trustRestoredChecks", description: "Reopens on step 3." },
        { guard: { type: "canRestoreAt", params: { step: 2 } }, target: "step2", actions: "trustRestoredChecks", description: "Reopens on step 2." },
        { target: "step1", description: "Starts on step 1." },
      ],
    },
    step1: {
      type: "parallel",
      meta: { title: "Step 1: contact details and address" },
      description:
        "Step 1: name, e-mail, phone, address, consent and terms. While the visitor types, the e-mail and the ZIP are checked with the server side by side.",
      on: {
        "field.changed": { actions: "setField", description: "Keeps the new value and clears that field's error." },
        "consent.changed": { actions: "setChecked", description: "Keeps the answer and clears its error." },
        "terms.changed": { actions: "setChecked", description: "Keeps the answer and clears its error." },
      },
      states: {
        email: {
          initial: "idle",
          description: "The e-mail check: whether the e-mail already belongs to a client.",
          on: {
            "email.changed": [
              { guard: "emailCheckable", target: ".checking", actions: "setEmail", description: "Keeps the e-mail and checks it with the server." },
              { target: ".idle", actions: "setEmail", description: "Keeps the e-mail; nothing to check yet." },
            ],
            "step.next": {
              guard: and(["currentEmailCheckable", "emailInputChanged"]),
              target: ".checking",
              description: "Continue re-checks the e-mail only when it changed since the last check.",
            },
          },
          states: {
            idle: { description: "Not checked: the e-mail is incomplete or was just edited." },
            checking: {
              tags: ["checking"],
              description: "Waiting for the server's answer about the e-mail.",
              entry: "rememberEmailCheck",
              invoke: {
                id: "checkEmail",
                src: "checkEmail",
                input: ({ context }) => ({ email: emailToCheck(context.form.email) ?? "" }),
                onDone: [
                  { guard: "emailExists", target: "taken", description: "The e-mail is a client's already: step 1 shows it and will not continue." },
                  { target: "free", description: "The e-mail is free." },
                ],
                // A failed check is "unknown", as the area's: no alert, no block (the server re-checks at checkout).
                onError: { target: "unknown", description: "A failed check is unknown: no alert, no block (the server checks again at payment)." },
              },
            },
            free: { description: "The e-mail passed the check." },
            unknown: {
              description: "The check could not run: nothing is said of the e-mail (neither free nor taken); the visitor may continue and the server decides at payment.",
            },
            taken: {
              description: "The e-mail belongs to a client already; step 1 cannot continue until it changes.",
              entry: { type: "setEmailTaken", params: { taken: true } },
              exit: { type: "setEmailTaken", params: { taken: false } },
            },
          },
        },
        area: {
          initial: "opening",
          description: "The area check: whether the ZIP is served.",
          on: {
            "address.changed": [
              { guard: "zipChangedCheckable", target: ".checking", actions: "setAddress", description: "Keeps the address and checks the new ZIP with the server." },
              { guard: "zipChanged", target: ".idle", actions: "setAddress", description: "Keeps the address; the ZIP is incomplete, nothing to check." },
              { actions: "setAddress", description: "Keeps the address; the ZIP is the same, so the last answer stands." },
            ],
            "address.selected": [
              { guard: "selectedZipCheckable", target: ".checking", actions: "setAddress", description: "Fills in the picked address and checks its ZIP." },
              { target: ".idle", actions: "setAddress", description: "Fills in the picked address; its ZIP is incomplete." },
            ],
            "step.next": {
              guard: and(["currentZipCheckable", "zipInputChanged"]),
              target: ".checking",
              description: "Continue re-checks the ZIP code only when it changed since the last check.",
            },
          },
          states: {
            opening: {
              description: "Step 1 opens: a ZIP that came with the address is checked at once.",
              always: [
                { guard: "zipToCheckOnStart", target: "checking", description: "Checks the ZIP that came with the address." },
                { target: "idle", description: "Nothing to check yet." },
              ],
            },
            idle: { description: "Not checked: the ZIP is incomplete or was just edited." },
            checking: {
              tags: ["checking"],
              description: "Waiting for the server's answer about the ZIP.",
              entry: "rememberZipCheck",
              invoke: {
                id: "checkServiceArea",
                src: "checkServiceArea",
                input: ({ context }) => ({ zip: context.form.address.zip }),
                onDone: [
                  { guard: "areaAvailable", target: "available", actions: "setAreaAnswer", description: "The ZIP is served: step 1 names its area and delivery time." },
                  { target: "unavailable", actions: "setAreaAnswer", description: "The ZIP is not served: step 1 shows it (and the waitlist for a coming-soon area) and will not continue." },
                ],
                // A failed check is "unknown": no alert and no block (the server re-checks at checkout).
                onError: { target: "unknown", description: "A failed check is unknown: no alert, no block (the server checks again at payment)." },
              },
            },
            available: { description: "The ZIP is served." },
            unavailable: {
              description: "The ZIP is not served; step 1 cannot continue until it changes.",
              entry: { type: "setAreaUnavailable", params: { unavailable: true } },
              exit: { type: "setAreaUnavailable", params: { unavailable: false } },
            },
            unknown: { description: "The check could not run; the visitor may continue and the server decides at payment." },
          },
        },
        /** Continue re-runs both checks (above), waits for them, then validates the step. */
        submit: {
          initial: "editing",
          description: "Continue on step 1: runs both checks again, waits for their answers, then validates the step.",
          states: {
            editing: {
              description: "The visitor fills in step 1.",
              on: { "step.next": { target: "waiting", description: "Waits for the checks before deciding." } },
            },
            waiting: {
              tags: ["busy"],
              description: "Continue was pressed: waiting for the e-mail and area checks to answer.",
              always: [
                {
                  guard: and(["checksSettled", "step1Valid", "returningToReview"]),
                  target: "#signup.step6",
                  actions: ["clearErrors", "sortPicks"],
                  description: "Opened from the review: a valid step 1 returns to the review.",
                },
                { guard: and(["checksSettled", "step1Valid"]), target: "#signup.step2", actions: "clearErrors", description: "Both checks answered and step 1 is complete: on to step 2." },
                { guard: "checksSettled", target: "editing", actions: ["setStep1Errors", "emitValidationFailed"], description: "Step 1 has problems: each field shows its message and a toast lists them." },
              ],
            },
          },
        },
      },
    },
    step2: {
      meta: { title: "Step 2: detergent" },
      description: "Step 2: the visitor chooses scented or hypoallergenic detergent.",
      on: {
        "detergent.changed": { actions: "setDetergent", description: "Keeps the choice." },
        "step.next": [
          {
            guard: and(["step2Valid", "returningToReview"]),
            target: "step6",
            actions: ["clearErrors", "sortPicks"],
            description: "Opened from the review: a valid step returns to the review.",
          },
          { guard: "step2Valid", target: "step3", actions: "clearErrors", description: "On to step 3." },
          { actions: [{ type: "setStepErrors", params: { step: 2 } }, "emitValidationFailed"], description: "Shows that a detergent must be chosen." },
        ],
        "step.back": { target: "step1", actions: "clearErrors", description: "Back to step 1, keeping everything entered." },
      },
    },
    step3: {
      meta: { title: "Step 3: fabric softener" },
      description: "Step 3: the visitor says whether they want fabric softener.",
      on: {
        "softener.changed": { actions: "setSoftener", description: "Keeps the answer." },
        "step.next": [
          {
            guard: and(["step3Valid", "returningToReview"]),
            target: "step6",
            actions: ["clearErrors", "sortPicks"],
            description: "Opened from the review: a valid step returns to the review.",
          },
          { guard: "step3Valid", target: "step4", actions: "clearErrors", description: "On to step 4." },
          { actions: [{ type: "setStepErrors", params: { step: 3 } }, "emitValidationFailed"], description: "Shows that fabric softener must be answered." },
        ],
        "step.back": { target: "step2", actions: "clearErrors", description: "Back to step 2, keeping everything entered." },
      },
    },
    step4: {
      initial: "idle",
      meta: { title: "Step 4: start date and pickup days" },
      // An announcement belongs to the moment it happened: coming back to the step later says nothing.
      exit: "clearPickNotice",
      description: "Step 4: the visitor picks a start date within 8 weeks, then two pickup days among the 7 days from it that have room.",
      on: {
        "date.start": { guard: "startDateAcceptable", target: ".loading", actions: "setStartDate", description: "Keeps the date (a different date clears the picked days) and asks which days have room." },
        "step.next": [
          {
            guard: and(["step4Valid", "returningToReview"]),
            target: "step6",
            actions: ["sortPicks", "clearErrors"],
            description: "Opened from the review: valid pickup days return to the review.",
          },
          { guard: "step4Valid", target: "step5", actions: ["sortPicks", "clearErrors"], description: "Puts the two days in date order and goes on to step 5." },
          { actions: [{ type: "setStepErrors", params: { step: 4 } }, "emitValidationFailed"], description: "Shows that two pickup days must be chosen." },
        ],
        "step.back": { target: "step3", actions: "clearErrors", description: "Back to step 3, keeping everything entered." },
      },
      states: {
        idle: {
          description: "No start date yet.",
          always: { guard: "hasStartDate", target: "loading", description: "A start date is already there (coming back to the step): load its days." },
        },
        loading: {
          description: "Asking the server which of the 7 days have room.",
          invoke: {
            id: "loadAvailability",
            src: "loadAvailability",
            input: ({ context }) => ({ date: context.form.startDate }),
            onDone: [
              { guard: "hasAvailableDays", target: "loaded", actions: "setAvailability", description: "Shows the days; picked days that are now full are dropped." },
              { target: "empty", actions: "setAvailability", description: "Every day is full: the visitor should pick another start date." },
            ],
            // A failed call shows the same as a date with no available days (product.md PICK-1).
            onError: { target: "empty", actions: "clearAvailability", description: "A failed call shows the same as a week with no room." },
          },
        },
        loaded: {
          description: "The days with room can be ticked; two are needed.",
          on: { "date.toggled": { guard: "dateSelectable", actions: "togglePick", description: "Ticks or clears the day (at most two)." } },
        },
        empty: { description: "No day has room from this start date (or the call failed): another start date is needed." },
      },
    },
    step5: {
      meta: { title: "Step 5: building details" },
      description: "Step 5: house, apartment or business, and the details the driver needs to get in.",
      on: {
        "building.type.changed": { actions: "setBuildingType", description: "Keeps the building type." },
        "building.changed": { actions: "setBuildingField", description: "Keeps the detail and clears its error." },
        "step.next": [
          { guard: "step5Valid", target: "step6", actions: "clearErrors", description: "On to step 6." },
          { actions: [{ type: "setStepErrors", params: { step: 5 } }, "emitValidationFailed"], description: "Shows which building details are missing." },
        ],
        "step.back": { target: "step4", actions: "clearErrors", description: "Back to step 4, keeping everything entered." },
      },
    },
    step6: {
      initial: "review",
      meta: { title: "Step 6: review and payment" },
      description: "Step 6: the visitor reviews everything and the price, then goes to the payment page.",
      entry: "stopEditing",
      states: {
        review: {
          description: "The summary, the price and the Pay button.",
          initial: "ready",
          states: {
            ready: { description: "The summary as the visitor reaches it." },
            stalled: {
              description:
                "Still on this page 10 seconds after leaving for the payment page (Stop was pressed, or the connection is very slow): the summary again, usable, with a link to that payment page; Pay asks for a new one.",
              on: { "page.restored": { target: "ready", description: "The visitor came back with the Back button: the summary again." } },
            },
          },
          on: {
            "step.next": [
              { guard: "clientValid", target: "checkout", description: "Starts the payment." },
              { actions: "emitClientInvalid", description: "A toast lists what is wrong with the form." },
            ],
            "step.back": { target: "#signup.step5", description: "Back to step 5, keeping everything entered." },
            "review.edit": ([1, 2, 3, 4, 5] as const).map((step) => ({
              guard: { type: "editsStep", params: { step } },
              target: `#signup.step${step}`,
              actions: "startEditing",
              description: `The review's Edit link opens step ${step}; its Continue comes back here.`,
            })),
          },
        },
        checkout: {
          tags: ["busy"],
          initial: "saving",
          description: "Going to payment: save the form in the tab, ask the server for a payment page, then leave for it.",
          on: { "page.restored": { target: "review", description: "The visitor came back with the Back button: the summary again." } },
          states: {
            saving: {
              description: "Saving the form in the tab, so a cancelled payment can come back to step 6.",
              invoke: {
                id: "saveCheckout",
                src: "saveCheckout",
                input: ({ context }) => ({ form: context.form, client: toClient(context.form, context.language).data as Client }),
                onDone: { target: "requesting", description: "Saved: ask for the payment page." },
                // Saving is best-effort (storage may be blocked); the payment itself must not depend on it.
                onError: { target: "requesting", description: "Saving is best effort (storage may be blocked): ask for the payment page anyway." },
              },
            },
            requesting: {
              description: "Asking the server for a payment page; it checks everything again and holds the two days.",
              invoke: {
                id: "createCheckout",
                src: "createCheckout",
                input: ({ context }) => ({ client: toClient(context.form, context.language).data as Client, origin: context.origin }),
                onDone: [
                  { guard: "checkoutUrlAllowed", target: "redirecting", actions: "setCheckoutUrl", description: "Goes to the payment page." },
                  { target: "#signup.step6.review", actions: "emitCheckoutFailed", description: "A link elsewhere is refused: back to the summary with an error toast." },
                ],
                onError: [
                  // A day filled up (or closed) meanwhile: choose again in step 4, which reloads the days.
                  { guard: "isDayError", target: "#signup.step4", actions: "emitCheckoutFailed", description: "Back to step 4 to choose again; the days are loaded afresh." },
                  { guard: "isAreaError", target: "#signup.step1.area.checking", actions: "emitCheckoutFailed", description: "Back to step 1, checking the ZIP again." },
                  { guard: "isEmailError", target: "#signup.step1.email.checking", actions: "emitCheckoutFailed", description: "Back to step 1, checking the e-mail again." },
                  { target: "#signup.step6.review", actions: "emitCheckoutFailed", description: "Any other failure: back to the summary with an error toast." },
                ],
              },
            },
            redirecting: {
              description: "The browser is leaving for the payment page.",
              invoke: {
                id: "redirect",
                src: "redirect",
                input: ({ context }) => ({ url: context.checkoutUrl }),
                onError: { target: "#signup.step6.review", actions: "emitCheckoutFailed", description: "The browser could not leave: back to the summary with an error toast." },
              },
              after: {
                leavingPatience: { target: "#signup.step6.review.stalled", description: "The payment page has not opened: the summary again, with a link to it." },
              },
            },
          },
        },
      },
    },
  },
});

/** The step (1-6) a snapshot is on. */
export function stepOf(snapshot: { matches: (value: never) => boolean }): SignupStep {
  for (const step of [6, 5, 4, 3, 2] as const) if (snapshot.matches(`step${step}` as never)) return step;
  return 1;
}
