// The home page's rotating testimonials (product.md SITE-4): one every 5 seconds, wrapping around; rotation pauses
// while the carousel is hovered or holds focus, is stopped for people who prefer reduced motion, and the
// visitor can stop or resume it.
import { assertEvent, assign, setup } from "xstate";

export const TESTIMONIAL_INTERVAL_MS = 5000;

export interface TestimonialsInput {
  /** How many testimonials there are (the spec has four). */
  count: number;
  /** The visitor's prefers-reduced-motion setting, read by the view when the actor starts. */
  reducedMotion: boolean;
}

export interface TestimonialsContext {
  index: number;
  count: number;
  hovered: boolean;
  focused: boolean;
  reducedMotion: boolean;
}

export type TestimonialsEvent =
  | { type: "next" }
  | { type: "previous" }
  | { type: "select"; index: number }
  | { type: "pointer.enter" }
  | { type: "pointer.leave" }
  | { type: "focus.enter" }
  | { type: "focus.leave" }
  | { type: "rotation.toggle" };

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/** What the visitor's moves do while the carousel is not rotating (paused or stopped): they stay in that state. */
const stillMoves = {
  next: { actions: "showNext", description: "Shows the next one." },
  previous: { actions: "showPrevious", description: "Shows the previous one." },
  select: { actions: "showSelected", description: "Shows that one." },
  "pointer.enter": { actions: "markHovered", description: "Notes the pointer is on it." },
  "focus.enter": { actions: "markFocused", description: "Notes the focus is inside." },
} as const;

export const testimonialsMachine = setup({
  // Stryker disable next-line ObjectLiteral: TypeScript only; XState reads no value of `types` at run time.
  types: {
    context: {} as TestimonialsContext,
    events: {} as TestimonialsEvent,
    input: {} as TestimonialsInput,
  },
  actions: {
    showNext: assign({ index: ({ context }) => wrap(context.index + 1, context.count) }),
    showPrevious: assign({ index: ({ context }) => wrap(context.index - 1, context.count) }),
    showSelected: assign({
      index: ({ context, event }) => {
        assertEvent(event, "select");
        return wrap(event.index, context.count);
      },
    }),
    markHovered: assign({ hovered: true }),
    markUnhovered: assign({ hovered: false }),
    markFocused: assign({ focused: true }),
    markUnfocused: assign({ focused: false }),
  },
  guards: {
    prefersReducedMotion: ({ context }) => context.reducedMotion,
    stillFocused: ({ context }) => context.focused,
    stillHovered: ({ context }) => context.hovered,
    attended: ({ context }) => context.hovered || context.focused,
  },
}).createMachine({
  id: "testimonials",
  description:
    "The home page's testimonials: one every 5 seconds, wrapping around; they hold still while hovered or focused, never move for visitors who prefer reduced motion, and can be stopped or resumed.",
  meta: {
    events: {
      next: "Next is pressed",
      previous: "Previous is pressed",
      select: "a testimonial's dot is pressed",
      "pointer.enter": "the pointer moves onto the carousel",
      "pointer.leave": "the pointer leaves the carousel",
      "focus.enter": "the keyboard focus enters the carousel",
      "focus.leave": "the keyboard focus leaves the carousel",
      "rotation.toggle": "Stop or Play is pressed",
    },
    guards: {
      prefersReducedMotion: "the visitor prefers reduced motion",
      stillFocused: "the keyboard focus is still inside",
      stillHovered: "the pointer is still on it",
      attended: "the pointer is on it or the focus is inside",
    },
  },
  context: ({ input }) => ({ index: 0, count: Math.max(1, input.count), hovered: false, focused: false, reducedMotion: input.reducedMotion }),
  initial: "starting",
  states: {
    starting: {
      description: "Deciding whether to rotate at all.",
      always: [
        { guard: "prefersReducedMotion", target: "stopped", description: "Never moves on its own." },
        { target: "rotating", description: "Starts rotating." },
      ],
    },
    /** Advancing on its own; any manual move restarts the 5-second wait. */
    rotating: {
      tags: ["rotating"],
      description: "Advancing on its own every 5 seconds; any manual move restarts the wait.",
      after: {
        [TESTIMONIAL_INTERVAL_MS]: { target: "rotating", reenter: true, actions: "showNext", description: "Shows the next testimonial." },
      },
      on: {
        next: { target: "rotating", reenter: true, actions: "showNext", description: "Shows the next one and restarts the wait." },
        previous: { target: "rotating", reenter: true, actions: "showPrevious", description: "Shows the previous one and restarts the wait." },
        select: { target: "rotating", reenter: true, actions: "showSelected", description: "Shows that one and restarts the wait." },
        "pointer.enter": { target: "paused", actions: "markHovered", description: "Holds still while the visitor reads." },
        "focus.enter": { target: "paused", actions: "markFocused", description: "Holds still while the visitor uses the controls." },
        "rotation.toggle": { target: "stopped", description: "Stops rotating." },
      },
    },
    /** Held while the visitor reads (hover) or works the controls (focus); resumes when both end. */
    paused: {
      description: "Held while the visitor reads (pointer) or uses the controls (focus); resumes when both end.",
      on: {
        ...stillMoves,
        "pointer.leave": [
          { guard: "stillFocused", actions: "markUnhovered", description: "Stays held: the focus is still inside." },
          { target: "rotating", actions: "markUnhovered", description: "Resumes rotating." },
        ],
        "focus.leave": [
          { guard: "stillHovered", actions: "markUnfocused", description: "Stays held: the pointer is still on it." },
          { target: "rotating", actions: "markUnfocused", description: "Resumes rotating." },
        ],
        "rotation.toggle": { target: "stopped", description: "Stops rotating." },
      },
    },
    /** Not rotating: the visitor stopped it, or prefers reduced motion. */
    stopped: {
      description: "Not rotating: the visitor stopped it, or prefers reduced motion.",
      on: {
        ...stillMoves,
        "pointer.leave": { actions: "markUnhovered", description: "Notes the pointer left." },
        "focus.leave": { actions: "markUnfocused", description: "Notes the focus left." },
        "rotation.toggle": [
          { guard: "attended", target: "paused", description: "Rotation is back on, held until the visitor moves away." },
          { target: "rotating", description: "Starts rotating again." },
        ],
      },
    },
  },
});
