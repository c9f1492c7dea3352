// The address autocomplete machine: model-based coverage of every state and transition, with what must
// hold in each state, then its behaviour with recorded actors (retries, debounce, selection).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, type EventObject } from "xstate";
import {
  addressAutocompleteMachine,
  MAX_RETRIES,
  MIN_QUERY_LENGTH,
  SUGGESTION_DEBOUNCE_MS,
  type AddressAutocompleteInput,
  type AutocompleteAddress,
  type PlaceSuggestion,
  type PlacesPort,
} from "#machines/address-autocomplete.machine";
import { brickellAddress } from "../fixtures/address";
import { actorOutcomes, machineTransitions, recordedActors, uncovered, walkModel } from "./helpers/model";

const brickell: PlaceSuggestion = {
  id: "place-brickell",
  text: "1200 Brickell Ave, Miami, FL, USA",
  mainText: "1200 Brickell Ave",
  secondaryText: "Miami, FL, USA",
};
const port: PlacesPort = { suggest: async () => [brickell], details: async () => brickellAddress };

const inputs: Record<string, AddressAutocompleteInput> = {
  "with a key": { apiKey: "maps-key" },
  "without a key": { apiKey: null },
};

const outcomes = actorOutcomes(
  { loadPlaces: [port], fetchSuggestions: [[brickell]], fetchPlaceDetails: [brickellAddress] },
  { loadPlaces: [new Error("offline")], fetchSuggestions: [new Error("offline")], fetchPlaceDetails: [new Error("offline")] },
);

function eventsOfType(type: string): EventObject[] {
  switch (type) {
    case "input.changed":
      return [{ type, value: "12" }, { type, value: "1200 Bri" }] as unknown as EventObject[];
    case "suggestion.selected":
      return [{ type, id: brickell.id }, { type, id: "never-offered" }] as unknown as EventObject[];
  }
  if (type.startsWith("xstate.after.")) return [{ type }];
  return outcomes.filter((e) => e.type === type);
}

// Every event the machine's own transitions name, so the traversal walks the delays and actor outcomes too.
const allEvents = [...new Set(machineTransitions(addressAutocompleteMachine).map((t) => t.event))].flatMap(eventsOfType);

describe("address autocomplete machine: model", () => {
  it("walks the delays and actor outcomes as events", () => {
    const types = allEvents.map((e) => e.type);
    expect(types).toContain("xstate.after.retryDelay.addressAutocomplete.retrying");
    expect(types).toContain("xstate.after.suggestionDebounce.addressAutocomplete.ready.debouncing");
    expect(types).toContain("xstate.error.actor.loadPlaces");
  });

  it("covers every state and every transition, and each state holds what it must", () => {
    const { runs, total } = walkModel("address-autocomplete", addressAutocompleteMachine, { inputs, events: allEvents, eventsOfType });
    for (const { paths, input } of runs) {
      const { apiKey } = input as AddressAutocompleteInput;
      for (const path of paths) {
        const state = path.state;
        const { context } = state;
        // Manual entry exactly when there is no key or every attempt failed; the spec's alert only for the real failure.
        const manual = state.matches("disabled") || state.matches("failed");
        expect(state.hasTag("manual")).toBe(manual);
        expect(context.message === "loadFailed").toBe(state.matches("failed"));
        if (!apiKey) expect(state.value).toBe("disabled");
        if (state.matches("disabled")) expect(context.failures).toBe(0);
        // 4 attempts in all: failed only after the 4th failure, retrying only after the 1st to 3rd.
        if (state.matches("failed")) expect(context.failures).toBe(MAX_RETRIES + 1);
        if (state.matches("retrying")) expect(context.failures).toBeGreaterThanOrEqual(1);
        if (state.matches("retrying")) expect(context.failures).toBeLessThanOrEqual(MAX_RETRIES);
        if (state.matches("loading")) expect(context.failures).toBeLessThanOrEqual(MAX_RETRIES);
        // Suggestions are asked for only once loaded, and never for a too-short query.
        if (state.matches("ready")) expect(context.places).not.toBeNull();
        else expect(context.suggestions).toEqual([]);
        if (state.matches({ ready: "fetching" }) || state.matches({ ready: "debouncing" }))
          expect(context.query.trim().length).toBeGreaterThanOrEqual(MIN_QUERY_LENGTH);
        if (state.matches({ ready: "selecting" })) {
          expect(context.pendingId).toBe(brickell.id);
          expect(context.suggestions).toEqual([]);
        }
      }
    }
    expect(uncovered(addressAutocompleteMachine, total)).toEqual({ states: [], transitions: [] });
  }, 30_000);
});

describe("address autocomplete machine: behaviour", () => {
  afterEach(() => vi.useRealTimers());

  function start(apiKey: string | null, places: Partial<PlacesPort> = {}) {
    const { calls, actors } = recordedActors({ loadPlaces: async (): Promise<PlacesPort> => ({ ...port, ...places }) });
    const actor = createActor(addressAutocompleteMachine.provide({ actors }), { input: { apiKey } });
    const selected: AutocompleteAddress[] = [];
    actor.on("address.selected", ({ address }) => selected.push(address));
    actor.start();
    return { actor, calls, selected };
  }

  it("without a key never loads the library", async () => {
    const { actor, calls } = start(null);
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe("disabled");
    // Nothing failed: no message, so the view shows its neutral hint and no alert.
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(calls).toEqual([]);
    actor.send({ type: "input.changed", value: "1200 Brickell" });
    expect(actor.getSnapshot().value).toBe("disabled");
  });

  it("with a key loads once, then debounces typing into one suggestion request and emits the picked address", async () => {
    vi.useFakeTimers();
    const queries: string[] = [];
    const detailsAsked: string[] = [];
    const { actor, calls, selected } = start("maps-key", {
      suggest: async (query) => {
        queries.push(query);
        return [brickell];
      },
      details: async (id) => {
        detailsAsked.push(id);
        return brickellAddress;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([["loadPlaces", { apiKey: "maps-key", attempt: 1 }]]);
    expect(actor.getSnapshot().value).toEqual({ ready: "idle" });

    actor.send({ type: "input.changed", value: "12" });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS * 2);
    expect(queries).toEqual([]);

    for (const value of ["120", "1200 B", "1200 Brickell "]) {
      actor.send({ type: "input.changed", value });
      await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 1);
    }
    expect(queries).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(queries).toEqual(["1200 Brickell"]);
    expect(actor.getSnapshot().context.suggestions).toEqual([brickell]);

    actor.send({ type: "suggestion.selected", id: "not-offered" });
    expect(actor.getSnapshot().value).toEqual({ ready: "idle" });
    actor.send({ type: "suggestion.selected", id: brickell.id });
    await vi.advanceTimersByTimeAsync(0);
    // The details of the suggestion picked, asked once.
    expect(detailsAsked).toEqual([brickell.id]);
    expect(selected).toEqual([brickellAddress]);
    expect(actor.getSnapshot().context.selected).toEqual(brickellAddress);
    expect(actor.getSnapshot().context.suggestions).toEqual([]);
  });

  it("asks for suggestions from 3 characters on, not counting surrounding spaces", async () => {
    vi.useFakeTimers();
    const queries: string[] = [];
    const { actor } = start("maps-key", {
      suggest: async (query) => {
        queries.push(query);
        return [brickell];
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "input.changed", value: "  12  " });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS * 2);
    expect(queries).toEqual([]);
    actor.send({ type: "input.changed", value: "120" });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
    expect(queries).toEqual(["120"]);
  });

  it("a failed suggestion request offers nothing and a failed pick says so, staying ready", async () => {
    vi.useFakeTimers();
    const { actor, selected } = start("maps-key", {
      suggest: async () => {
        throw new Error("offline");
      },
      details: async () => {
        throw new Error("offline");
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "input.changed", value: "1200 Brickell" });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toEqual({ ready: "idle" });
    expect(actor.getSnapshot().context.suggestions).toEqual([]);
    expect(actor.getSnapshot().hasTag("manual")).toBe(false);

    // Offer one by hand, then fail its details.
    const withOne = start("maps-key", { details: async () => Promise.reject(new Error("offline")) });
    await vi.advanceTimersByTimeAsync(0);
    withOne.actor.send({ type: "input.changed", value: "1200 Brickell" });
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
    withOne.actor.send({ type: "suggestion.selected", id: brickell.id });
    await vi.advanceTimersByTimeAsync(0);
    expect(withOne.actor.getSnapshot().context.message).toBe("detailsFailed");
    expect(withOne.selected).toEqual([]);
    expect(selected).toEqual([]);
    // Typing again clears the message.
    withOne.actor.send({ type: "input.changed", value: "1200 Brickell A" });
    expect(withOne.actor.getSnapshot().context.message).toBeNull();
  });
});
