// A local stand-in of `google.maps.importLibrary("places")` (Places API (New)), loaded only by tests:
// browser tests with page.addInitScript({ path }), component tests by importing it. It installs
// google.maps.importLibrary, which @googlemaps/js-api-loader then uses instead of fetching Google's
// script, and sets window.__placesStandIn, which stands for a maps key (src/signup/address/places-loader.ts).
//
// Tests steer and observe it through window.__placesStandIn (set before or after this file runs):
//   failLoads: how many importLibrary calls fail first (the machine retries 3 times; 4 fails them all)
//   loads, requests (each fetchAutocompleteSuggestions request), fieldRequests (each fetchFields).
(() => {
  const root = globalThis;
  // Read at each call: a test may replace the object, before or after this file runs.
  const state = () => {
    const standIn = (root.__placesStandIn ??= {});
    standIn.failLoads ??= 0;
    standIn.loads ??= 0;
    standIn.requests ??= [];
    standIn.fieldRequests ??= [];
    return standIn;
  };
  state();

  const component = (longText, shortText, ...types) => ({ longText, shortText, types: [...types, "political"].filter((t, i, all) => all.indexOf(t) === i) });
  const florida = component("Florida", "FL", "administrative_area_level_1");
  const usa = component("United States", "US", "country");
  const miamiDade = component("Miami-Dade County", "Miami-Dade County", "administrative_area_level_2");
  const street = (number, longRoute, shortRoute) => [
    { longText: number, shortText: number, types: ["street_number"] },
    { longText: longRoute, shortText: shortRoute, types: ["route"] },
  ];
  const zip = (code) => ({ longText: code, shortText: code, types: ["postal_code"] });

  // Real Miami-Dade places, as Places API (New) describes them; the id is the street line in camel case.
  const place = (number, longRoute, shortRoute, city, code, neighborhood) => {
    const main = `${number} ${shortRoute}`;
    return {
      id: `ChIJstandIn_${main.replace(/ (\w)/g, (_, first) => first.toUpperCase())}`,
      main,
      secondary: `${city}, FL, USA`,
      formattedAddress: `${main}, ${city}, FL ${code}, USA`,
      addressComponents: [
        ...street(number, longRoute, shortRoute),
        ...(neighborhood ? [component(neighborhood, neighborhood, "neighborhood")] : []),
        component(city, city, "locality"),
        miamiDade,
        florida,
        usa,
        zip(code),
      ],
    };
  };
  const places = [
    place("1200", "Brickell Avenue", "Brickell Ave", "Miami", "33131", "Brickell"),
    place("1200", "Brickell Bay Drive", "Brickell Bay Dr", "Miami", "33131", "Brickell"),
    place("350", "Lincoln Road", "Lincoln Rd", "Miami Beach", "33139"),
    place("2800", "Ponce de Leon Boulevard", "Ponce de Leon Blvd", "Coral Gables", "33134"),
    place("2601", "South Bayshore Drive", "S Bayshore Dr", "Miami", "33133", "Coconut Grove"),
    place("19501", "Biscayne Boulevard", "Biscayne Blvd", "Aventura", "33180"),
  ];

  const delay = (ms) => new Promise((resolve) => root.setTimeout(resolve, ms));
  const words = (text) => text.toLowerCase().split(/[\s,]+/).filter(Boolean);
  const text = (value) => ({ text: value, matches: [], toString: () => value });

  class AutocompleteSessionToken {}

  class Place {
    constructor({ id }) {
      this.id = id;
      this.addressComponents = undefined;
      this.formattedAddress = undefined;
    }
    async fetchFields({ fields }) {
      state().fieldRequests.push({ id: this.id, fields: [...fields] });
      await delay(20);
      const found = places.find((p) => p.id === this.id);
      if (!found) throw new Error(`Place ${this.id} not found`);
      if (fields.includes("addressComponents")) this.addressComponents = found.addressComponents.map((c) => ({ ...c, types: [...c.types] }));
      if (fields.includes("formattedAddress")) this.formattedAddress = found.formattedAddress;
      return { place: this };
    }
  }

  class PlacePrediction {
    constructor(place) {
      this.placeId = place.id;
      this.text = text(`${place.main}, ${place.secondary}`);
      this.mainText = text(place.main);
      this.secondaryText = text(place.secondary);
      this.types = ["street_address", "geocode"];
      this.distanceMeters = null;
    }
    toPlace() {
      return new Place({ id: this.placeId });
    }
  }

  class AutocompleteSuggestion {
    constructor(place) {
      this.placePrediction = new PlacePrediction(place);
    }
    static async fetchAutocompleteSuggestions(request) {
      state().requests.push({
        input: request.input,
        includedRegionCodes: request.includedRegionCodes,
        hasSessionToken: request.sessionToken instanceof AutocompleteSessionToken,
      });
      await delay(20);
      const query = words(request.input ?? "");
      const inUs = !request.includedRegionCodes || request.includedRegionCodes.includes("us");
      const matching = inUs
        ? places.filter((p) => {
            const placeWords = words(`${p.main} ${p.secondary}`);
            return query.every((q) => placeWords.some((w) => w.startsWith(q)));
          })
        : [];
      return { suggestions: matching.slice(0, 5).map((p) => new AutocompleteSuggestion(p)) };
    }
  }

  const library = { AutocompleteSuggestion, AutocompleteSessionToken, Place, PlacePrediction };

  root.google = root.google ?? {};
  root.google.maps = root.google.maps ?? {};
  root.google.maps.importLibrary = async (name) => {
    const standIn = state();
    standIn.loads += 1;
    await delay(5);
    if (standIn.loads <= standIn.failLoads) throw new Error("The Google Maps JavaScript API could not load.");
    if (name !== "places") throw new Error(`The stand-in has no "${name}" library`);
    return library;
  };
})();
