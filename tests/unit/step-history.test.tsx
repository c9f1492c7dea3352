// The sign-up's history entries (src/signup/use-step-history.ts), under a router whose location the test
// delivers itself, as React may deliver it: the router's updates are transitions, so a step's push and a quick
// Back can arrive as one render of the entry the wizard was already on, reached by a POP.
import { act, render } from "@testing-library/react";
import { useSelector } from "@xstate/react";
import { Router, type Location, type Navigator, type NavigationType, type To } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createActor, type ActorRefFrom } from "xstate";
import { signupMachine, stepOf } from "#machines/signup.machine";
import { useStepHistory } from "../../src/signup/use-step-history";
import { validSignupForm } from "../fixtures/signup-form";

type Actor = ActorRefFrom<typeof signupMachine>;
const at = (key: string, state: unknown = null): Location => ({ pathname: "/signup", search: "", hash: "", state, key });

/** What the hook asked of the history: each push and replace, with its state. */
function recordingNavigator() {
  const calls: { kind: "push" | "replace"; state: unknown }[] = [];
  const navigator: Navigator = {
    createHref: (to: To) => (typeof to === "string" ? to : (to.pathname ?? "")),
    go: () => {},
    push: (_to, state) => void calls.push({ kind: "push", state }),
    replace: (_to, state) => void calls.push({ kind: "replace", state }),
  };
  return { navigator, calls };
}

function Steps({ actor }: { actor: Actor }) {
  const step = useSelector(actor, stepOf);
  useStepHistory(actor, step);
  return <p>step {step}</p>;
}

const actors: Actor[] = [];
afterEach(() => actors.splice(0).forEach((actor) => actor.stop()));

function wizardOnStep2() {
  const actor = createActor(signupMachine, { input: { language: "en", today: "2030-01-07", origin: "http://localhost", form: validSignupForm(), restoreStep: 2 } }).start();
  actors.push(actor);
  const { navigator, calls } = recordingNavigator();
  const view = (location: Location, type: NavigationType) => (
    <Router location={location} navigationType={type} navigator={navigator}>
      <Steps actor={actor} />
    </Router>
  );
  const screen = render(view(at("first"), "POP" as NavigationType));
  // The step's entry replaces the page's own, as the router then shows.
  expect(calls).toEqual([{ kind: "replace", state: { signupStep: 2, signupIndex: 0 } }]);
  const step2 = at("step2", calls[0]!.state);
  screen.rerender(view(step2, "REPLACE" as NavigationType));
  // Continue: step 3 is pushed.
  act(() => actor.send({ type: "step.next" }));
  expect(stepOf(actor.getSnapshot())).toBe(3);
  expect(calls[1]).toEqual({ kind: "push", state: { signupStep: 3, signupIndex: 1 } });
  return { actor, screen, view, step2, step3: at("step3", calls[1]!.state), calls };
}

describe("the sign-up's history entries", () => {
  it("the browser's Back from a step the router has shown returns to the step before", () => {
    const { actor, screen, view, step2, step3 } = wizardOnStep2();
    screen.rerender(view(step3, "PUSH" as NavigationType));
    screen.rerender(view(step2, "POP" as NavigationType));
    expect(stepOf(actor.getSnapshot())).toBe(2);
  });

  it("a Back that reaches the hook in the same render as the push it undoes still returns to the step before", () => {
    const { actor, screen, view, step2 } = wizardOnStep2();
    // The router never rendered step 3's entry: it went from step 2's entry (REPLACE) to step 2's entry (POP).
    screen.rerender(view(step2, "POP" as NavigationType));
    expect(stepOf(actor.getSnapshot())).toBe(2);
    expect(screen.getByText("step 2")).toBeTruthy();
  });

  it("rendering the same entry again moves nothing", () => {
    const { actor, screen, view, step2, step3, calls } = wizardOnStep2();
    screen.rerender(view(step3, "PUSH" as NavigationType));
    screen.rerender(view(step2, "POP" as NavigationType));
    act(() => actor.send({ type: "step.next" }));
    expect(stepOf(actor.getSnapshot())).toBe(3);
    const asked = calls.length;
    screen.rerender(view(step2, "POP" as NavigationType));
    expect(stepOf(actor.getSnapshot())).toBe(3);
    expect(calls.length).toBe(asked);
  });
});
