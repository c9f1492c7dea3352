// The ZIP check of the home hero and /service-areas, and the "tell me when you arrive" waitlist behind a
// coming-soon answer (product.md AREA-2, AREA-3). The sign-up's step 1 starts it at the waitlist, with the
// ZIP and area its own check found.
import { assertEvent, assign, fromPromise, setup } from "xstate";
import { emailSchema, type Language } from "#contract/common";
import { notProvided } from "./not-provided";

/** What the area check answered, as the view shows it. */
export type ZipAnswer =
  | { kind: "served"; area: string; deliveryTime: string }
  | { kind: "comingSoon"; area: string }
  | { kind: "notServed" };

/** Message keys the view translates. */
export type ZipCheckErrorKey = "zipInvalid" | "emailRequired" | "emailInvalid" | "rateLimited" | "requestFailed";

export interface ZipCheckInput {
  /** Opens at the waitlist of this ZIP and area (the sign-up's own check found it coming soon). */
  comingSoon?: { zip: string; area: string };
  email?: string;
  /** What was typed into the still check this one takes over from (src/areas/zip-check-still.tsx), kept as if typed here. */
  zip?: string;
}

export interface ZipCheckContext {
  zip: string;
  /** The ZIP the answer is about (the field may be edited since). */
  checkedZip: string;
  answer: ZipAnswer | null;
  email: string;
  error: ZipCheckErrorKey | null;
}

export type ZipCheckEvent =
  | { type: "zip.changed"; value: string }
  | { type: "check" }
  | { type: "email.changed"; value: string }
  | { type: "join"; language: Language };

export interface WaitlistJoin {
  email: string;
  zip: string;
  language: Language;
}

const ZIP = /^\d{5}$/;

/** A ZIP field holds at most 5 digits and nothing else. */
const zipDigits = (value: string) => value.replace(/\D/g, "").slice(0, 5);

export function validateWaitlistEmail(value: string): { ok: true; email: string } | { ok: false; error: ZipCheckErrorKey } {
  if (!value.trim()) return { ok: false, error: "emailRequired" };
  const result = emailSchema.safeParse(value);
  return result.success ? { ok: true, email: result.data } : { ok: false, error: "emailInvalid" };
}

/** A 429 from the server has its own message; any other failure the generic one. */
const failureKey = (error: unknown): ZipCheckErrorKey => ((error as { status?: number } | null)?.status === 429 ? "rateLimited" : "requestFailed");

export const zipCheckMachine = setup({
  // Stryker disable next-line ObjectLiteral: TypeScript only; XState reads no value of `types` at run time.
  types: {
    context: {} as ZipCheckContext,
    events: {} as ZipCheckEvent,
    input: {} as ZipCheckInput,
  },
  actors: {
    // Provided by the view (the API client); the machine itself makes no call.
    checkArea: fromPromise<ZipAnswer, { zip: string }>(notProvided("checkArea")),
    joinWaitlist: fromPromise<unknown, WaitlistJoin>(notProvided("joinWaitlist")),
  },
  guards: {
    startsAtWaitlist: ({ context }) => context.answer?.kind === "comingSoon",
    zipValid: ({ context }) => ZIP.test(context.zip.trim()),
    served: ({ event }) => (event as unknown as { output?: ZipAnswer }).output?.kind === "served",
    comingSoon: ({ event }) => (event as unknown as { output?: ZipAnswer }).output?.kind === "comingSoon",
    emailValid: ({ context }) => validateWaitlistEmail(context.email).ok,
  },
  actions: {
    setZip: assign(({ event }) => {
      assertEvent(event, "zip.changed");
      return { zip: zipDigits(event.value), error: null };
    }),
    showZipError: assign({ error: "zipInvalid" as ZipCheckErrorKey }),
    setAnswer: assign(({ context, event }) => ({ answer: (event as unknown as { output: ZipAnswer }).output, checkedZip: context.zip.trim(), error: null })),
    clearAnswer: assign({ answer: null, error: null }),
    setEmail: assign(({ event }) => {
      assertEvent(event, "email.changed");
      return { email: event.value, error: null };
    }),
    showEmailError: assign(({ context }) => {
      const result = validateWaitlistEmail(context.email);
      return { error: result.ok ? null : result.error };
    }),
  },
}).createMachine({
  id: "zipCheck",
  description: "A ZIP check a visitor can see: a served ZIP names its area and delivery time and leads to the sign-up; a coming-soon ZIP offers the waitlist.",
  meta: {
    events: {
      "zip.changed": "the ZIP is edited",
      check: "Check is pressed",
      "email.changed": "the waitlist e-mail is edited",
      join: "\"Tell me when you arrive\" is pressed",
    },
    guards: {
      startsAtWaitlist: "the sign-up already found the ZIP coming soon",
      zipValid: "the ZIP has 5 digits",
      served: "the ZIP is served",
      comingSoon: "the ZIP is in a coming-soon area",
      emailValid: "the e-mail is filled in and looks valid",
    },
    actors: {
      checkArea: { name: "the area check", description: "Asks the server whether the ZIP is served, and which area it belongs to." },
      joinWaitlist: { name: "the waitlist request", description: "Sends the e-mail, the ZIP and the page's language to the server's waitlist." },
    },
  },
  context: ({ input }) => ({
    zip: input.comingSoon?.zip ?? zipDigits(input.zip ?? ""),
    checkedZip: input.comingSoon?.zip ?? "",
    answer: input.comingSoon ? { kind: "comingSoon", area: input.comingSoon.area } : null,
    email: input.email ?? "",
    error: null,
  }),
  initial: "start",
  on: {
    "zip.changed": { target: ".editing", actions: ["setZip", "clearAnswer"], description: "Keeps the ZIP and forgets the last answer." },
  },
  states: {
    start: {
      description: "Opening: at the waitlist when the sign-up found the ZIP coming soon, otherwise the check, with any ZIP typed into the still check it replaces.",
      always: [
        { guard: "startsAtWaitlist", target: "comingSoon", description: "Opens at the waitlist." },
        { target: "editing", description: "Opens the ZIP check." },
      ],
    },
    editing: {
      description: "The visitor types a ZIP.",
      on: {
        check: [
          { guard: "zipValid", target: "checking", description: "Checks the ZIP with the server." },
          { actions: "showZipError", description: "Says a ZIP has 5 digits." },
        ],
      },
    },
    checking: {
      tags: ["busy"],
      description: "Waiting for the server's answer about the ZIP.",
      invoke: {
        id: "checkArea",
        src: "checkArea",
        input: ({ context }) => ({ zip: context.zip.trim() }),
        onDone: [
          { guard: "served", target: "served", actions: "setAnswer", description: "Names the area and its delivery time." },
          { guard: "comingSoon", target: "comingSoon", actions: "setAnswer", description: "Names the coming-soon area and offers the waitlist." },
          { target: "notServed", actions: "setAnswer", description: "Says we are not there yet." },
        ],
        onError: {
          target: "editing",
          actions: assign(({ event }) => ({ error: failureKey(event.error) })),
          description: "Says the check failed (or, after too many tries, to wait a minute); the visitor may try again.",
        },
      },
    },
    served: {
      description: "The ZIP is served: its area and delivery time show, with the way into the sign-up.",
      on: { check: { target: "checking", description: "Checks again." } },
    },
    notServed: {
      description: "The ZIP is neither served nor coming soon.",
      on: { check: { target: "checking", description: "Checks again." } },
    },
    comingSoon: {
      description: "The ZIP is in a coming-soon area: the visitor may leave an e-mail to hear when we arrive.",
      initial: "editing",
      on: {
        check: { target: "checking", description: "Checks the ZIP again." },
        "email.changed": { target: ".editing", actions: "setEmail", description: "Keeps the e-mail." },
      },
      states: {
        editing: {
          description: "The visitor types an e-mail.",
          on: {
            join: [
              { guard: "emailValid", target: "joining", description: "Sends the e-mail, ZIP and language." },
              { actions: "showEmailError", description: "Says the e-mail is missing or invalid." },
            ],
          },
        },
        joining: {
          tags: ["busy"],
          description: "Sending the waitlist entry.",
          invoke: {
            id: "joinWaitlist",
            src: "joinWaitlist",
            input: ({ context, event }) => {
              const result = validateWaitlistEmail(context.email);
              return { email: result.ok ? result.email : context.email, zip: context.checkedZip, language: event.type === "join" ? event.language : "en" };
            },
            onDone: { target: "joined", description: "Confirms: we will write when we arrive." },
            onError: {
              target: "editing",
              actions: assign(({ event }) => ({ error: failureKey(event.error) })),
              description: "Says it failed (or, after too many tries, to wait a minute); the e-mail stays.",
            },
          },
        },
        joined: {
          description: "On the waitlist: the confirmation shows.",
          on: {
            join: { description: "Already on the list: nothing to send." },
          },
        },
      },
    },
  },
});
