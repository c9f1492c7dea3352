// The six-step sign-up wizard (spec sections 2, 4, 5; decisions.md "Pickup days" and "Front end").
// Pure TypeScript: every side effect is a named actor. The API actors call the API client; the two
// browser effects (saving the form at checkout, leaving for the checkout page) are provided by the view.
import { and, assign, emit, fromPromise, not, setup, stateIn } from "xstate";
import { addWeeks, format, parseISO } from "date-fns";
import { isAllowedRedirect, paymentProviderOrigins } from "../src/contract/redirects";
import type { Client } from "../src/contract/client";
import type { Language } from "../src/contract/common";
import { PICKUP_WINDOW_WEEKS, SIGNUP_STEPS } from "../src/contract/plan";
import {
  emailToCheck,
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
} from "../src/contract/signup-form";

export type SignupStep = 1 | 2 | 3 | 4 | 5 | 6;

export interface SignupInput {
  /** A restored form (the tab's mirrored form, or the form saved at checkout for resume=1). */
  form?: SignupForm;
  /** The step to reopen: the one the form was mirrored on, or 6 for resume=1; earlier if a step before it is invalid. */
  restoreStep?: number;
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
}

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
  /** The page came back from the back-forward cache after leaving for the checkout. */
  | { type: "page.restored" };

/** Notifications for the view: it shows the toasts, translating the keys and codes. */
export type SignupEmitted =
  | { type: "validation.failed"; keys: string[] }
  | { type: "checkout.failed"; code?: string; message?: string };

export interface SavedCheckoutInput {
  form: SignupForm;
  client: Client;
}

/** Error codes of the checkout that send the user back to a step to fix. */
export const DAY_ERROR_CODES = ["day_full", "day_unavailable"] as const;
export const AREA_ERROR_CODES = ["area_unavailable"] as const;
export const EMAIL_ERROR_CODES = ["email_taken", "client_active"] as const;

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

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
    emitted: {} as SignupEmitted,
  },
  actors: {
    // Every effect is provided by the view (src/signup/signup-actor.ts), so the machine stays pure.
    checkEmail: fromPromise<{ exists: boolean }, { email: string }>(async () => {
      throw new Error("checkEmail is provided by the view");
    }),
    checkServiceArea: fromPromise<boolean, { zip: string }>(async () => {
      throw new Error("checkServiceArea is provided by the view");
    }),
    loadAvailability: fromPromise<Record<string, boolean>, { date: string }>(async () => {
      throw new Error("loadAvailability is provided by the view");
    }),
    /** Provided by the view: writes the full form under CHECKOUT_FORM_KEY. */
    saveCheckout: fromPromise<void, SavedCheckoutInput>(async () => {
      throw new Error("saveCheckout is provided by the view");
    }),
    /** Provided by the view: requests the checkout session and answers its link. */
    createCheckout: fromPromise<string, { client: Client; origin: string }>(async () => {
      throw new Error("createCheckout is provided by the view");
    }),
    /** Provided by the view: sends the browser to the checkout page. */
    redirect: fromPromise<void, { url: string }>(async () => {
      throw new Error("redirect is provided by the view");
    }),
  },
  guards: {
    emailCheckable: ({ event }) => event.type === "email.changed" && emailToCheck(event.value) !== null,
    currentEmailCheckable: ({ context }) => emailToCheck(context.form.email) !== null,
    zipChangedCheckable: ({ context, event }) =>
      event.type === "address.changed" && event.address.zip !== context.form.address.zip && zipToCheck(event.address.zip) !== null,
    zipChanged: ({ context, event }) => event.type === "address.changed" && event.address.zip !== context.form.address.zip,
    selectedZipCheckable: ({ event }) => event.type === "address.selected" && zipToCheck(event.address.zip) !== null,
    currentZipCheckable: ({ context }) => zipToCheck(context.form.address.zip) !== null,
    emailExists: ({ event }) => (event as unknown as { output?: { exists?: unknown } }).output?.exists === true,
    areaAvailable: ({ event }) => (event as unknown as { output?: unknown }).output === true,
    checksSettled: and([not(stateIn("#signup.step1.email.checking")), not(stateIn("#signup.step1.area.checking"))]),
    step1Valid: ({ context }) => Object.keys(step1Errors(context.form, context.checks)).length === 0,
    step2Valid: ({ context }) => Object.keys(stepErrors(2, context.form)).length === 0,
    step3Valid: ({ context }) => Object.keys(stepErrors(3, context.form)).length === 0,
    step4Valid: ({ context }) => Object.keys(stepErrors(4, context.form)).length === 0,
    step5Valid: ({ context }) => Object.keys(stepErrors(5, context.form)).length === 0,
    clientValid: ({ context }) => toClient(context.form, context.language).success,
    canRestoreAt: ({ context }, params: { step: number }) => context.restoreStep >= params.step && stepsValidBefore(context.form, params.step),
    hasStartDate: ({ context }) => context.form.startDate !== "",
    startDateAcceptable: ({ context, event }) =>
      event.type === "date.start" && /^\d{4}-\d{2}-\d{2}$/.test(event.date) && event.date >= context.today && event.date <= lastStartDate(context.today),
    hasAvailableDays: ({ event }) => Object.values((event as unknown as { output?: Record<string, boolean> }).output ?? {}).some(Boolean),
    dateSelectable: ({ context, event }) => event.type === "date.toggled" && context.availability[event.date] === true,
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
      if (event.type !== "field.changed") return {};
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors };
    }),
    setEmail: assign(({ context, event }) => {
      if (event.type !== "email.changed") return {};
      const { email: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, email: event.value }, errors };
    }),
    setAddress: assign(({ context, event }) => {
      if (event.type !== "address.changed" && event.type !== "address.selected") return {};
      const errors = { ...context.errors };
      for (const key of ["street", "zip", "city"] as const) {
        if (event.address[key] !== context.form.address[key] || event.type === "address.selected") delete errors[`address.${key}`];
      }
      return { form: { ...context.form, address: { ...event.address } }, errors };
    }),
    setChecked: assign(({ context, event }) => {
      if (event.type !== "consent.changed" && event.type !== "terms.changed") return {};
      const field = event.type === "consent.changed" ? "consent" : "terms";
      const { [field]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, [field]: event.value }, errors };
    }),
    setEmailTaken: assign(({ context }, params: { taken: boolean }) => ({ checks: { ...context.checks, emailTaken: params.taken } })),
    setAreaUnavailable: assign(({ context }, params: { unavailable: boolean }) => ({ checks: { ...context.checks, areaUnavailable: params.unavailable } })),
    setDetergent: assign(({ context, event }) =>
      event.type === "detergent.changed" ? { form: { ...context.form, detergent: event.value }, errors: {} } : {},
    ),
    setSoftener: assign(({ context, event }) =>
      event.type === "softener.changed" ? { form: { ...context.form, fabricSoftener: event.value }, errors: {} } : {},
    ),
    /** A new start date clears the picks (decisions.md); choosing the same one again keeps them. */
    setStartDate: assign(({ context, event }) => {
      if (event.type !== "date.start") return {};
      if (event.date === context.form.startDate) return {};
      return { form: { ...context.form, startDate: event.date, picks: [], ...sortPicks([]) }, availability: {} };
    }),
    /** Keeps only the picks that are still available. */
    setAvailability: assign(({ context, event }) => {
      const availability = (event as unknown as { output?: Record<string, boolean> }).output ?? {};
      const picks = context.form.picks.filter((d: string) => availability[d] === true);
      return { availability, form: { ...context.form, picks } };
    }),
    clearAvailability: assign(({ context }) => ({ availability: {}, form: { ...context.form, picks: [] } })),
    togglePick: assign(({ context, event }) => {
      if (event.type !== "date.toggled") return {};
      return { form: { ...context.form, picks: togglePick(context.form.picks, event.date) }, errors: {} };
    }),
    sortPicks: assign(({ context }) => ({ form: { ...context.form, ...sortPicks(context.form.picks) } })),
    setBuildingType: assign(({ context, event }) => {
      if (event.type !== "building.type.changed") return {};
      return { form: { ...context.form, buildingType: event.value }, errors: {} };
    }),
    setBuildingField: assign(({ context, event }) => {
      if (event.type !== "building.changed") return {};
      const { [`building.${event.field}`]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, building: { ...context.form.building, [event.field]: event.value } }, errors };
    }),
    setLanguage: assign(({ event }) => (event.type === "language.changed" ? { language: event.language } : {})),
    clearErrors: assign({ errors: {} }),
    setStep1Errors: assign(({ context }) => ({ errors: step1Errors(context.form, context.checks) })),
    setStepErrors: assign(({ context }, params: { step: 2 | 3 | 4 | 5 }) => ({ errors: stepErrors(params.step, context.form) })),
    emitValidationFailed: emit(({ context }) => ({ type: "validation.failed" as const, keys: [...new Set(Object.values(context.errors))] })),
    emitClientInvalid: emit(({ context }) => ({ type: "validation.failed" as const, keys: clientErrorKeys(context.form, context.language) })),
    setCheckoutUrl: assign(({ event }) => ({ checkoutUrl: String((event as unknown as { output?: unknown }).output ?? "") })),
    emitCheckoutFailed: emit(({ event }) => {
      const error = (event as unknown as { error?: unknown }).error;
      return {
        type: "checkout.failed" as const,
        code: errorCode(error),
        message: error instanceof Error ? error.message : undefined,
      };
    }),
  },
}).createMachine({
  id: "signup",
  context: ({ input }) => ({
    form: input.form ?? emptySignupForm(),
    errors: {},
    checks: { emailTaken: false, areaUnavailable: false },
    availability: {},
    language: input.language,
    today: input.today,
    origin: input.origin,
    restoreStep: input.restoreStep ?? 1,
    checkoutUrl: "",
  }),
  on: {
    "language.changed": { actions: "setLanguage" },
  },
  initial: "start",
  states: {
    /** Reopens a restored form on its step, or the earliest step before it that is not valid. */
    start: {
      always: [
        { guard: { type: "canRestoreAt", params: { step: 6 } }, target: "step6", actions: "sortPicks" },
        { guard: { type: "canRestoreAt", params: { step: 5 } }, target: "step5", actions: "sortPicks" },
        { guard: { type: "canRestoreAt", params: { step: 4 } }, target: "step4" },
        { guard: { type: "canRestoreAt", params: { step: 3 } }, target: "step3" },
        { guard: { type: "canRestoreAt", params: { step: 2 } }, target: "step2" },
        { target: "step1" },
      ],
    },
    step1: {
      type: "parallel",
      on: {
        "field.changed": { actions: "setField" },
        "consent.changed": { actions: "setChecked" },
        "terms.changed": { actions: "setChecked" },
      },
      states: {
        email: {
          initial: "idle",
          on: {
            "email.changed": [
              { guard: "emailCheckable", target: ".checking", actions: "setEmail" },
              { target: ".idle", actions: "setEmail" },
            ],
            "step.next": { guard: "currentEmailCheckable", target: ".checking" },
          },
          states: {
            idle: {},
            checking: {
              tags: ["checking"],
              invoke: {
                id: "checkEmail",
                src: "checkEmail",
                input: ({ context }) => ({ email: emailToCheck(context.form.email) ?? "" }),
                onDone: [{ guard: "emailExists", target: "taken" }, { target: "free" }],
                // A failed check counts as free: no alert, no block (the server re-checks at checkout).
                onError: { target: "free" },
              },
            },
            free: {},
            taken: {
              entry: { type: "setEmailTaken", params: { taken: true } },
              exit: { type: "setEmailTaken", params: { taken: false } },
            },
          },
        },
        area: {
          initial: "idle",
          on: {
            "address.changed": [
              { guard: "zipChangedCheckable", target: ".checking", actions: "setAddress" },
              { guard: "zipChanged", target: ".idle", actions: "setAddress" },
              { actions: "setAddress" },
            ],
            "address.selected": [
              { guard: "selectedZipCheckable", target: ".checking", actions: "setAddress" },
              { target: ".idle", actions: "setAddress" },
            ],
            "step.next": { guard: "currentZipCheckable", target: ".checking" },
          },
          states: {
            idle: {},
            checking: {
              tags: ["checking"],
              invoke: {
                id: "checkServiceArea",
                src: "checkServiceArea",
                input: ({ context }) => ({ zip: context.form.address.zip }),
                onDone: [{ guard: "areaAvailable", target: "available" }, { target: "unavailable" }],
                // A failed check is "unknown": no alert and no block (the server re-checks at checkout).
                onError: { target: "unknown" },
              },
            },
            available: {},
            unavailable: {
              entry: { type: "setAreaUnavailable", params: { unavailable: true } },
              exit: { type: "setAreaUnavailable", params: { unavailable: false } },
            },
            unknown: {},
          },
        },
        /** Continue re-runs both checks (above), waits for them, then validates the step. */
        submit: {
          initial: "editing",
          states: {
            editing: { on: { "step.next": { target: "waiting" } } },
            waiting: {
              tags: ["busy"],
              always: [
                { guard: and(["checksSettled", "step1Valid"]), target: "#signup.step2", actions: "clearErrors" },
                { guard: "checksSettled", target: "editing", actions: ["setStep1Errors", "emitValidationFailed"] },
              ],
            },
          },
        },
      },
    },
    step2: {
      on: {
        "detergent.changed": { actions: "setDetergent" },
        "step.next": [
          { guard: "step2Valid", target: "step3", actions: "clearErrors" },
          { actions: [{ type: "setStepErrors", params: { step: 2 } }, "emitValidationFailed"] },
        ],
        "step.back": { target: "step1", actions: "clearErrors" },
      },
    },
    step3: {
      on: {
        "softener.changed": { actions: "setSoftener" },
        "step.next": [
          { guard: "step3Valid", target: "step4", actions: "clearErrors" },
          { actions: [{ type: "setStepErrors", params: { step: 3 } }, "emitValidationFailed"] },
        ],
        "step.back": { target: "step2", actions: "clearErrors" },
      },
    },
    step4: {
      initial: "idle",
      on: {
        "date.start": { guard: "startDateAcceptable", target: ".loading", actions: "setStartDate" },
        "step.next": [
          { guard: "step4Valid", target: "step5", actions: ["sortPicks", "clearErrors"] },
          { actions: [{ type: "setStepErrors", params: { step: 4 } }, "emitValidationFailed"] },
        ],
        "step.back": { target: "step3", actions: "clearErrors" },
      },
      states: {
        idle: { always: { guard: "hasStartDate", target: "loading" } },
        loading: {
          invoke: {
            id: "loadAvailability",
            src: "loadAvailability",
            input: ({ context }) => ({ date: context.form.startDate }),
            onDone: [
              { guard: "hasAvailableDays", target: "loaded", actions: "setAvailability" },
              { target: "empty", actions: "setAvailability" },
            ],
            // A failed call shows the same as a date with no available days (decisions.md).
            onError: { target: "empty", actions: "clearAvailability" },
          },
        },
        loaded: {
          on: { "date.toggled": { guard: "dateSelectable", actions: "togglePick" } },
        },
        empty: {},
      },
    },
    step5: {
      on: {
        "building.type.changed": { actions: "setBuildingType" },
        "building.changed": { actions: "setBuildingField" },
        "step.next": [
          { guard: "step5Valid", target: "step6", actions: "clearErrors" },
          { actions: [{ type: "setStepErrors", params: { step: 5 } }, "emitValidationFailed"] },
        ],
        "step.back": { target: "step4", actions: "clearErrors" },
      },
    },
    step6: {
      initial: "review",
      states: {
        review: {
          on: {
            "step.next": [{ guard: "clientValid", target: "checkout" }, { actions: "emitClientInvalid" }],
            "step.back": { target: "#signup.step5" },
          },
        },
        checkout: {
          tags: ["busy"],
          initial: "saving",
          on: { "page.restored": { target: "review" } },
          states: {
            saving: {
              invoke: {
                id: "saveCheckout",
                src: "saveCheckout",
                input: ({ context }) => ({ form: context.form, client: toClient(context.form, context.language).data as Client }),
                onDone: { target: "requesting" },
                // Saving is best-effort (storage may be blocked); the payment itself must not depend on it.
                onError: { target: "requesting" },
              },
            },
            requesting: {
              invoke: {
                id: "createCheckout",
                src: "createCheckout",
                input: ({ context }) => ({ client: toClient(context.form, context.language).data as Client, origin: context.origin }),
                onDone: [
                  { guard: "checkoutUrlAllowed", target: "redirecting", actions: "setCheckoutUrl" },
                  { target: "#signup.step6.review", actions: "emitCheckoutFailed" },
                ],
                onError: [
                  // A day filled up (or closed) meanwhile: choose again in step 4, which reloads the days.
                  { guard: "isDayError", target: "#signup.step4", actions: "emitCheckoutFailed" },
                  { guard: "isAreaError", target: "#signup.step1.area.checking", actions: "emitCheckoutFailed" },
                  { guard: "isEmailError", target: "#signup.step1.email.checking", actions: "emitCheckoutFailed" },
                  { target: "#signup.step6.review", actions: "emitCheckoutFailed" },
                ],
              },
            },
            redirecting: {
              invoke: {
                id: "redirect",
                src: "redirect",
                input: ({ context }) => ({ url: context.checkoutUrl }),
                onError: { target: "#signup.step6.review", actions: "emitCheckoutFailed" },
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
