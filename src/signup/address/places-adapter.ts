// The Places API (New) behind the autocomplete machine's port: programmatic suggestions limited to the
// USA, one session token per search (from the first keystroke to the details of the picked address).
import type { AutocompleteAddress, PlaceSuggestion, PlacesPort } from "#machines/address-autocomplete.machine";
import { emptyAddressDraft, parseStreetNumber, type AddressDraft } from "./address-draft";

// The parts of `google.maps.places` this adapter uses, so the tests' stand-in can satisfy them too.
export interface AddressComponentLike {
  longText: string | null;
  shortText: string | null;
  types: string[];
}
export interface PlaceLike {
  addressComponents?: AddressComponentLike[] | null;
  formattedAddress?: string | null;
  fetchFields(options: { fields: string[] }): Promise<{ place: PlaceLike }>;
}
interface TextLike {
  text: string;
}
export interface PlacePredictionLike {
  placeId: string;
  text: TextLike;
  mainText: TextLike | null;
  secondaryText: TextLike | null;
  toPlace(): PlaceLike;
}
export interface PlacesLibraryLike {
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: {
      input: string;
      includedRegionCodes?: string[];
      sessionToken?: unknown;
    }): Promise<{ suggestions: Array<{ placePrediction: PlacePredictionLike | null }> }>;
  };
  AutocompleteSessionToken: new () => unknown;
}

/** The fields a picked place is asked for: all the mapping needs, nothing billed beyond it. */
export const PLACE_FIELDS = ["addressComponents", "formattedAddress"];
/** The spec: autocomplete limited to US addresses. */
export const REGION_CODES = ["us"];

const component = (components: readonly AddressComponentLike[], ...types: string[]) => {
  for (const type of types) {
    const found = components.find((c) => c.types.includes(type));
    if (found) return found;
  }
  return undefined;
};

/**
 * The spec's address from a place's components (street_number, route, locality,
 * administrative_area_level_1, postal_code, country) and its formatted address. The street line keeps the
 * house number, as a typed one does; the country is "USA" for the United States and by default.
 */
export function addressFromPlace(
  components: readonly AddressComponentLike[] | null | undefined,
  formattedAddress: string | null | undefined,
): AddressDraft {
  const parts = components ?? [];
  const streetNumber = component(parts, "street_number")?.longText?.trim() ?? "";
  // The short form ("Brickell Ave") is how the suggestions and the formatted address write the street.
  const routePart = component(parts, "route");
  const route = routePart?.shortText?.trim() || routePart?.longText?.trim() || "";
  const city = component(parts, "locality", "postal_town", "sublocality_level_1", "sublocality", "administrative_area_level_3");
  const state = component(parts, "administrative_area_level_1");
  const country = component(parts, "country");
  const countryCode = country?.shortText?.trim().toUpperCase();
  return {
    street: [streetNumber, route].filter(Boolean).join(" "),
    number: parseStreetNumber(streetNumber),
    zip: component(parts, "postal_code")?.longText?.trim() ?? "",
    city: city?.longText?.trim() ?? "",
    state: state?.shortText?.trim() || state?.longText?.trim() || emptyAddressDraft.state,
    country: !country || countryCode === "US" || countryCode === "USA" ? "USA" : country.longText?.trim() || countryCode || "USA",
    formatted_address: formattedAddress?.trim() ?? "",
  };
}

/** The machine's port over a loaded places library. */
export function createPlacesPort(library: PlacesLibraryLike): PlacesPort {
  let sessionToken: unknown = null;
  let predictions = new Map<string, PlacePredictionLike>();
  return {
    async suggest(query: string): Promise<PlaceSuggestion[]> {
      sessionToken ??= new library.AutocompleteSessionToken();
      const { suggestions } = await library.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input: query,
        includedRegionCodes: REGION_CODES,
        sessionToken,
      });
      predictions = new Map();
      const result: PlaceSuggestion[] = [];
      for (const { placePrediction: p } of suggestions) {
        if (!p || predictions.has(p.placeId)) continue;
        predictions.set(p.placeId, p);
        result.push({
          id: p.placeId,
          text: p.text.text,
          mainText: p.mainText?.text ?? p.text.text,
          secondaryText: p.secondaryText?.text ?? "",
        });
      }
      return result;
    },
    async details(suggestionId: string): Promise<AutocompleteAddress> {
      const prediction = predictions.get(suggestionId);
      if (!prediction) throw new Error(`Unknown suggestion ${suggestionId}`);
      // fetchFields ends the session that the token billed as one; the next search starts a new one.
      sessionToken = null;
      predictions = new Map();
      const { place } = await prediction.toPlace().fetchFields({ fields: PLACE_FIELDS });
      return addressFromPlace(place.addressComponents, place.formattedAddress);
    },
  };
}
