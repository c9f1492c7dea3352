// The home page's rotating testimonials (spec §2, §9): one every 5 seconds, wrapping around; rotation pauses
// while the carousel is hovered or holds focus, is stopped for people who prefer reduced motion, and the
// visitor can stop or resume it.
import { assign, setup } from "xstate";

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

export const testimonialsMachine = setup({
  types: {
    context: {} as TestimonialsContext,
    events: {} as TestimonialsEvent,
    input: {} as TestimonialsInput,
  },
  actions: {
    showNext: assign({ index: ({ context }) => wrap(context.index + 1, context.count) }),
    showPrevious: assign({ index: ({ context }) => wrap(context.index - 1, context.count) }),
    showSelected: assign({
      index: ({ context, event }) => (event.type === "select" ? wrap(event.index, context.count) : context.index),
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
  context: ({ input }) => ({ index: 0, count: Math.max(1, input.count), hovered: false, focused: false, reducedMotion: input.reducedMotion }),
  initial: "starting",
  states: {
    starting: {
      always: [
        { guard: "prefersReducedMotion", target: "stopped" },
        { target: "rotating" },
      ],
    },
    /** Advancing on its own; any manual move restarts the 5-second wait. */
    rotating: {
      tags: ["rotating"],
      after: {
        [TESTIMONIAL_INTERVAL_MS]: { target: "rotating", reenter: true, actions: "showNext" },
      },
      on: {
        next: { target: "rotating", reenter: true, actions: "showNext" },
        previous: { target: "rotating", reenter: true, actions: "showPrevious" },
        select: { target: "rotating", reenter: true, actions: "showSelected" },
        "pointer.enter": { target: "paused", actions: "markHovered" },
        "focus.enter": { target: "paused", actions: "markFocused" },
        "rotation.toggle": { target: "stopped" },
      },
    },
    /** Held while the visitor reads (hover) or works the controls (focus); resumes when both end. */
    paused: {
      on: {
        next: { actions: "showNext" },
        previous: { actions: "showPrevious" },
        select: { actions: "showSelected" },
        "pointer.enter": { actions: "markHovered" },
        "focus.enter": { actions: "markFocused" },
        "pointer.leave": [
          { guard: "stillFocused", actions: "markUnhovered" },
          { target: "rotating", actions: "markUnhovered" },
        ],
        "focus.leave": [
          { guard: "stillHovered", actions: "markUnfocused" },
          { target: "rotating", actions: "markUnfocused" },
        ],
        "rotation.toggle": { target: "stopped" },
      },
    },
    /** Not rotating: the visitor stopped it, or prefers reduced motion. */
    stopped: {
      on: {
        next: { actions: "showNext" },
        previous: { actions: "showPrevious" },
        select: { actions: "showSelected" },
        "pointer.enter": { actions: "markHovered" },
        "pointer.leave": { actions: "markUnhovered" },
        "focus.enter": { actions: "markFocused" },
        "focus.leave": { actions: "markUnfocused" },
        "rotation.toggle": [{ guard: "attended", target: "paused" }, { target: "rotating" }],
      },
    },
  },
});
