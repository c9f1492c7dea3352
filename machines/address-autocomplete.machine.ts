// The street-address autocomplete of sign-up step 1: loading the maps library (the spec's 3 retries),
// then debounced suggestions and the details of the picked one. Pure: the Places calls sit behind a port
// that the loader actor returns, and the loader itself is provided by the view (src/signup/address).
import { assign, emit, fromPromise, setup } from "xstate";
import type { AddressDraft } from "#domain/signup-form";
import { notProvided } from "./not-provided";

/** The spec's maps loader: 3 retries after the first attempt, 4 attempts in all. */
export const MAX_RETRIES = 3;
/** Wait before retry n (n = 1, 2, 3): n × 2^n ms, so 2, 8 and 24 ms. */
export const retryDelay = (attempt: number): number => attempt * 2 ** attempt;
/** Typing pauses this long before a suggestion request, so a fast typist costs one request, not one a key. */
export const SUGGESTION_DEBOUNCE_MS = 300;
/** Fewer characters than this give no useful street suggestions, so none are requested. */
export const MIN_QUERY_LENGTH = 3;

/** The address a picked suggestion resolves to: the spec's address fields that autocomplete fills. */
export type AutocompleteAddress = AddressDraft;

export interface PlaceSuggestion {
  id: string;
  /** The whole line, e.g. "1200 Brickell Ave, Miami, FL, USA". */
  text: string;
  mainText: string;
  secondaryText: string;
}

/** What the loaded library offers the machine; the adapter in src/signup/address implements it over Places. */
export interface PlacesPort {
  suggest(query: string): Promise<PlaceSuggestion[]>;
  details(suggestionId: string): Promise<AutocompleteAddress>;
}

/** Message keys the view translates. */
export type AddressAutocompleteMessage = "loadFailed" | "detailsFailed";

export interface AddressAutocompleteInput {
  /** The maps key; null or empty means no autocomplete (manual entry). */
  apiKey: string | null;
}

export interface AddressAutocompleteContext {
  apiKey: string | null;
  /** Failed load attempts so far. */
  failures: number;
  places: PlacesPort | null;
  query: string;
  suggestions: PlaceSuggestion[];
  pendingId: string | null;
  selected: AutocompleteAddress | null;
  message: AddressAutocompleteMessage | null;
}

export type AddressAutocompleteEvent =
  | { type: "input.changed"; value: string }
  | { type: "suggestion.selected"; id: string };

export type AddressAutocompleteEmitted = { type: "address.selected"; address: AutocompleteAddress };

export interface LoadPlacesInput {
  apiKey: string;
  /** 1 for the first attempt, up to MAX_RETRIES + 1. */
  attempt: number;
}

export const addressAutocompleteMachine = setup({
  // Stryker disable next-line ObjectLiteral: TypeScript only; XState reads no value of `types` at run time.
  types: {
    input: {} as AddressAutocompleteInput,
    context: {} as AddressAutocompleteContext,
    events: {} as AddressAutocompleteEvent,
    emitted: {} as AddressAutocompleteEmitted,
  },
  actors: {
    // The real loader (js-api-loader, or the tests' stand-in) is provided by the view with machine.provide.
    loadPlaces: fromPromise<PlacesPort, LoadPlacesInput>(notProvided("loadPlaces")),
    fetchSuggestions: fromPromise<PlaceSuggestion[], { places: PlacesPort; query: string }>(({ input }) =>
      input.places.suggest(input.query),
    ),
    fetchPlaceDetails: fromPromise<AutocompleteAddress, { places: PlacesPort; suggestionId: string }>(({ input }) =>
      input.places.details(input.suggestionId),
    ),
  },
  guards: {
    hasKey: ({ context }) => !!context.apiKey,
    canRetry: ({ context }) => context.failures < MAX_RETRIES,
    queryTooShort: (_, params: { value: string }) => params.value.trim().length < MIN_QUERY_LENGTH,
    isOfferedSuggestion: ({ context }, params: { id: string }) => context.suggestions.some((s) => s.id === params.id),
  },
  delays: {
    // Read after the failure was counted, so failure n waits retryDelay(n).
    retryDelay: ({ context }) => retryDelay(context.failures),
    suggestionDebounce: SUGGESTION_DEBOUNCE_MS,
  },
}).createMachine({
  id: "addressAutocomplete",
  description:
    "The street-address suggestions of sign-up step 1: loads the maps library (up to 4 attempts), then suggests addresses as the visitor types and fills in the one picked. Without a maps key, or when every attempt fails, the visitor types the address by hand.",
  meta: {
    events: {
      "input.changed": "the visitor types in the street field",
      "suggestion.selected": "the visitor picks a suggestion",
    },
    guards: {
      hasKey: "the site has a maps key",
      canRetry: "fewer than 3 retries were made",
      queryTooShort: "fewer than 3 characters are typed",
      isOfferedSuggestion: "the picked suggestion is one of those on offer",
    },
    actors: {
      loadPlaces: { name: "loading the maps library", description: "Loads Google's maps library with the site's key (one attempt)." },
      fetchSuggestions: { name: "the suggestion request", description: "Asks the maps library for addresses matching what was typed." },
      fetchPlaceDetails: { name: "the address lookup", description: "Asks the maps library for the street, ZIP and city of the picked suggestion." },
    },
    delays: {
      retryDelay: "the retry wait (2, 8, then 24 ms)",
      suggestionDebounce: "a 300 ms pause in typing",
    },
  },
  context: ({ input }) => ({
    apiKey: input.apiKey || null,
    failures: 0,
    places: null,
    query: "",
    suggestions: [],
    pendingId: null,
    selected: null,
    message: null,
  }),
  initial: "start",
  states: {
    start: {
      description: "Deciding whether suggestions are possible at all.",
      always: [
        { guard: "hasKey", target: "loading", description: "Loads the maps library." },
        { target: "disabled", description: "No key: manual entry from the start." },
      ],
    },
    /** No maps key: the user types the address by hand under a neutral hint, no alert: nothing failed (product.md SU-7). */
    disabled: {
      tags: ["manual"],
      description: "No maps key: the visitor types the address by hand under a neutral hint; nothing failed, so no alert.",
    },
    loading: {
      tags: ["loading"],
      description: "Loading the maps library.",
      invoke: {
        id: "loadPlaces",
        src: "loadPlaces",
        input: ({ context }) => ({ apiKey: context.apiKey ?? "", attempt: context.failures + 1 }),
        onDone: { target: "ready", actions: assign({ places: ({ event }) => event.output }), description: "The library is ready: suggestions can start." },
        onError: [
          { guard: "canRetry", target: "retrying", actions: assign({ failures: ({ context }) => context.failures + 1 }), description: "Counts the failure and waits before trying again." },
          { target: "failed", actions: assign({ failures: ({ context }) => context.failures + 1 }), description: "The fourth attempt failed too: manual entry." },
        ],
      },
    },
    retrying: {
      tags: ["loading"],
      description: "Waiting before the next attempt to load the library.",
      after: { retryDelay: { target: "loading", description: "Tries loading again." } },
    },
    /** Every attempt failed: the spec's destructive alert, and manual entry. */
    failed: {
      tags: ["manual"],
      description: "Every attempt failed: an alert, and the visitor types the address by hand.",
      entry: assign({ message: "loadFailed" }),
    },
    ready: {
      initial: "idle",
      description: "The library is loaded: typing in the street field offers suggestions.",
      on: {
        "input.changed": [
          {
            guard: { type: "queryTooShort", params: ({ event }) => ({ value: event.value }) },
            target: ".idle",
            actions: assign({ query: ({ event }) => event.value, suggestions: [], message: null }),
            description: "Too short to search: the suggestions close.",
          },
          {
            target: ".debouncing",
            reenter: true,
            actions: assign({ query: ({ event }) => event.value, message: null }),
            description: "Waits for a pause in typing before asking.",
          },
        ],
        "suggestion.selected": {
          guard: { type: "isOfferedSuggestion", params: ({ event }) => ({ id: event.id }) },
          target: ".selecting",
          actions: assign({ pendingId: ({ event }) => event.id, suggestions: [] }),
          description: "Closes the list and looks the address up.",
        },
      },
      states: {
        idle: { description: "Nothing being asked; the suggestions (if any) are shown." },
        debouncing: {
          description: "Waiting for the visitor to pause typing.",
          after: { suggestionDebounce: { target: "fetching", description: "Asks for suggestions." } },
        },
        fetching: {
          tags: ["busy"],
          description: "Asking for suggestions for what was typed.",
          invoke: {
            id: "fetchSuggestions",
            src: "fetchSuggestions",
            input: ({ context }) => ({ places: context.places as PlacesPort, query: context.query.trim() }),
            onDone: { target: "idle", actions: assign({ suggestions: ({ event }) => event.output }), description: "Shows the suggestions." },
            // A failed request offers nothing; the ZIP and city fields stay there to be typed by hand.
            onError: { target: "idle", actions: assign({ suggestions: [] }), description: "Offers nothing; the ZIP and city can still be typed by hand." },
          },
        },
        selecting: {
          tags: ["busy"],
          description: "Looking up the street, ZIP and city of the picked suggestion.",
          invoke: {
            id: "fetchPlaceDetails",
            src: "fetchPlaceDetails",
            input: ({ context }) => ({ places: context.places as PlacesPort, suggestionId: context.pendingId ?? "" }),
            onDone: {
              target: "idle",
              actions: [
                assign({ selected: ({ event }) => event.output, pendingId: null }),
                emit(({ event }) => ({ type: "address.selected" as const, address: event.output })),
              ],
              description: "Fills in the address fields of the sign-up.",
            },
            onError: { target: "idle", actions: assign({ pendingId: null, message: "detailsFailed" }), description: "Says the address could not be filled in; the visitor types it." },
          },
        },
      },
    },
  },
});
