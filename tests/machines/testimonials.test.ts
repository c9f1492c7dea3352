// Model-based test of the testimonials carousel: every state and transition of the real machine, walked from
// both inputs (motion allowed, reduced motion), plus the behaviour the spec names (5 s, wrap, four items).
import { describe, expect, it } from "vitest";
import { createActor, type EventObject } from "xstate";
import { testimonialsMachine, TESTIMONIAL_INTERVAL_MS, type TestimonialsInput } from "#machines/testimonials.machine";
import { uncovered, walkModel } from "./helpers/model";

const COUNT = 4;
const after = `xstate.after.${TESTIMONIAL_INTERVAL_MS}.testimonials.rotating`;

const eventsOfType = (type: string): EventObject[] =>
  type === "select" ? [0, 1, 2, 3].map((index) => ({ type, index })) : [{ type }];

const allEvents: EventObject[] = [
  "next",
  "previous",
  "select",
  "pointer.enter",
  "pointer.leave",
  "focus.enter",
  "focus.leave",
  "rotation.toggle",
  after,
].flatMap(eventsOfType);


/** Replays a sequence on a real actor and checks the index after every event against a plain model. */
function checkAgainstModel(input: TestimonialsInput, events: EventObject[]) {
  const actor = createActor(testimonialsMachine, { input }).start();
  let index = 0;
  let hovered = false;
  let focused = false;
  let mode: "rotating" | "paused" | "stopped" = input.reducedMotion ? "stopped" : "rotating";
  for (const event of events) {
    const wrap = (i: number) => (i + COUNT) % COUNT;
    switch (event.type) {
      case "next": index = wrap(index + 1); break;
      case "previous": index = wrap(index - 1); break;
      case "select": index = (event as unknown as { index: number }).index; break;
      case after: if (mode === "rotating") index = wrap(index + 1); break;
      case "pointer.enter": hovered = true; if (mode === "rotating") mode = "paused"; break;
      case "focus.enter": focused = true; if (mode === "rotating") mode = "paused"; break;
      case "pointer.leave": hovered = false; if (mode === "paused" && !focused) mode = "rotating"; break;
      case "focus.leave": focused = false; if (mode === "paused" && !hovered) mode = "rotating"; break;
      case "rotation.toggle":
        mode = mode === "stopped" ? (hovered || focused ? "paused" : "rotating") : "stopped";
        break;
    }
    // The delay event is sent by hand, as the traversal walks it; it is not one of the machine's own events.
    actor.send(event as never);
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.index, `${events.map((e) => e.type).join(" → ")}`).toBe(index);
    expect(snapshot.value).toBe(mode);
    expect(snapshot.hasTag("rotating")).toBe(mode === "rotating");
  }
  actor.stop();
}

describe("testimonials machine (model-based)", () => {
  const inputs: Record<string, TestimonialsInput> = {
    motion: { count: COUNT, reducedMotion: false },
    "reduced motion": { count: COUNT, reducedMotion: true },
  };
  const { runs, total } = walkModel("testimonials", testimonialsMachine, { inputs, events: allEvents, eventsOfType });

  it("covers every state and transition of the machine", () => {
    expect(uncovered(testimonialsMachine, total)).toEqual({ states: [], transitions: [] });
  });

  it("agrees with a plain model of the carousel on every path", () => {
    expect(runs).toHaveLength(2);
    for (const { input, sequences } of runs) for (const events of sequences) checkAgainstModel(input as TestimonialsInput, events);
  });
});

describe("testimonials machine (behaviour)", () => {
  const motion: TestimonialsInput = { count: COUNT, reducedMotion: false };

  it("shows the testimonial whose dot is pressed, rotating or stopped", () => {
    const actor = createActor(testimonialsMachine, { input: motion }).start();
    actor.send({ type: "select", index: 2 });
    expect(actor.getSnapshot().context.index).toBe(2);
    actor.send({ type: "rotation.toggle" });
    actor.send({ type: "select", index: 1 });
    expect(actor.getSnapshot()).toMatchObject({ value: "stopped", context: { index: 1 } });
    actor.stop();
  });

  it("forgets the pointer once it has left, so a later focus that leaves resumes rotating", () => {
    const actor = createActor(testimonialsMachine, { input: motion }).start();
    actor.send({ type: "pointer.enter" });
    actor.send({ type: "pointer.leave" });
    actor.send({ type: "focus.enter" });
    actor.send({ type: "focus.leave" });
    expect(actor.getSnapshot().value).toBe("rotating");
    actor.stop();
  });

  it("forgets the focus once it has left, so a later pointer that leaves resumes rotating", () => {
    const actor = createActor(testimonialsMachine, { input: motion }).start();
    actor.send({ type: "focus.enter" });
    actor.send({ type: "focus.leave" });
    actor.send({ type: "pointer.enter" });
    actor.send({ type: "pointer.leave" });
    expect(actor.getSnapshot().value).toBe("rotating");
    actor.stop();
  });
});

describe("testimonials machine (timing)", () => {
  it("advances every 5 seconds and wraps from the fourth to the first", async () => {
    const { vi } = await import("vitest");
    vi.useFakeTimers();
    try {
      const actor = createActor(testimonialsMachine, { input: { count: COUNT, reducedMotion: false } }).start();
      expect(actor.getSnapshot().context.index).toBe(0);
      vi.advanceTimersByTime(4999);
      expect(actor.getSnapshot().context.index).toBe(0);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().context.index).toBe(1);
      vi.advanceTimersByTime(3 * 5000);
      expect(actor.getSnapshot().context.index).toBe(0);
      // A manual move restarts the wait: 4 s after "next", nothing has moved on its own yet.
      vi.advanceTimersByTime(3000);
      actor.send({ type: "next" });
      vi.advanceTimersByTime(4000);
      expect(actor.getSnapshot().context.index).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(actor.getSnapshot().context.index).toBe(2);
      // Hover pauses; leaving resumes with a fresh 5 s.
      actor.send({ type: "pointer.enter" });
      vi.advanceTimersByTime(20_000);
      expect(actor.getSnapshot().context.index).toBe(2);
      actor.send({ type: "pointer.leave" });
      vi.advanceTimersByTime(5000);
      expect(actor.getSnapshot().context.index).toBe(3);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("restarts the 5-second wait on going back and on a pressed dot too", async () => {
    const { vi } = await import("vitest");
    vi.useFakeTimers();
    try {
      const actor = createActor(testimonialsMachine, { input: { count: COUNT, reducedMotion: false } }).start();
      vi.advanceTimersByTime(3000);
      actor.send({ type: "previous" });
      expect(actor.getSnapshot().context.index).toBe(COUNT - 1);
      vi.advanceTimersByTime(4999);
      expect(actor.getSnapshot().context.index).toBe(COUNT - 1);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().context.index).toBe(0);
      vi.advanceTimersByTime(3000);
      actor.send({ type: "select", index: 2 });
      vi.advanceTimersByTime(4999);
      expect(actor.getSnapshot().context.index).toBe(2);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().context.index).toBe(3);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("never rotates on its own for reduced motion", async () => {
    const { vi } = await import("vitest");
    vi.useFakeTimers();
    try {
      const actor = createActor(testimonialsMachine, { input: { count: COUNT, reducedMotion: true } }).start();
      vi.advanceTimersByTime(60_000);
      expect(actor.getSnapshot().context.index).toBe(0);
      expect(actor.getSnapshot().value).toBe("stopped");
      actor.send({ type: "previous" });
      expect(actor.getSnapshot().context.index).toBe(3);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
