/// <reference types="google.maps" />
// Loads the Places library for the autocomplete machine: Google's own loader with the build's maps key,
// or, in browser and component tests only, the local stand-in they install (e2e/stubs/google-places.js).
import { fromPromise } from "xstate";
import { importLibrary, setOptions } from "@googlemaps/js-api-loader";
import type { LoadPlacesInput, PlacesPort } from "#machines/address-autocomplete.machine";
import { createPlacesPort, type PlacesLibraryLike } from "./places-adapter";

declare global {
  interface Window {
    /**
     * Set only by tests, next to their stand-in `google.maps.importLibrary`: it stands for a maps key, so a
     * build without one still runs the autocomplete against the stand-in.
     */
    __placesStandIn?: object;
  }
}

/** The key stand-in tests use; never sent anywhere, since their importLibrary is already installed. */
export const STAND_IN_KEY = "local-stand-in";

/** The maps key of this build, or the stand-in's; null means manual entry. Browser only: call it in effects or machine input. */
export function mapsApiKey(): string | null {
  return builtMapsApiKey() ?? (typeof window !== "undefined" && window.__placesStandIn ? STAND_IN_KEY : null);
}

/** The key the site was built with: the same in the pre-render and in the browser (a test's stand-in is only in the browser). */
export function builtMapsApiKey(): string | null {
  return import.meta.env.VITE_GOOGLE_MAPS_API_KEY?.trim() || null;
}

let optionsSet = false;

/**
 * One attempt; the machine retries. setOptions may run only once per page, and after a failed script load
 * the loader's importLibrary bootstraps afresh, so calling this again is a real new attempt.
 */
export async function loadPlacesLibrary(apiKey: string): Promise<PlacesPort> {
  if (!optionsSet) {
    // With an importLibrary already installed (the tests' stand-in), the loader uses it as it is.
    setOptions({ key: apiKey, v: "weekly" });
    optionsSet = true;
  }
  const library: PlacesLibraryLike = await importLibrary("places");
  return createPlacesPort(library);
}

export const placesLoader = fromPromise<PlacesPort, LoadPlacesInput>(({ input }) => loadPlacesLibrary(input.apiKey));
