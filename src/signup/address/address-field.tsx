// Sign-up step 1's address: street (autocomplete when a maps key is configured), ZIP code and city.
import { useEffect, useRef, useState } from "react";
import { createActorContext } from "@xstate/react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { addressAutocompleteMachine } from "#machines/address-autocomplete.machine";
import { ComboBox, ComboBoxItem } from "../../ui/combo-box";
import { TextField } from "../../ui/text-field";
import { inspect } from "../../inspection/inspect";
import { normalizeZip, parseStreetNumber, type AddressDraft } from "./address-draft";
import { builtMapsApiKey, mapsApiKey, placesLoader } from "./places-loader";
import { useHydrated } from "../../ui/use-hydrated";

export interface AddressFieldProps {
  value: AddressDraft;
  /** Every edit the user types (street, ZIP, city), with the house number parsed from the street. */
  onChange(draft: AddressDraft): void;
  /** A picked suggestion, resolved to the whole address. onChange is not called for it. */
  onSelect(address: AddressDraft): void;
  /**
   * Per-field errors: the contract's keys (streetRequired, zipRequired, zipInvalid, cityRequired, tooLong) are
   * translated here; any other text is shown as given, so it must already be translated.
   */
  errors?: Partial<Record<"street" | "zip" | "city", string>>;
}

const AddressAutocomplete = createActorContext(addressAutocompleteMachine.provide({ actors: { loadPlaces: placesLoader } }));

const errorMessages: Record<string, MessageDescriptor> = {
  streetRequired: msg`Street address is required`,
  zipRequired: msg`ZIP code is required`,
  zipInvalid: msg`Enter a 5-digit ZIP code`,
  cityRequired: msg`City is required`,
  streetIncomplete: msg`Enter the house number and the street name, e.g. 1200 Brickell Ave`,
  tooLong: msg`This is too long`,
};

export function AddressField(props: AddressFieldProps) {
  // While hydrating the pre-rendered /signup, the field is what the pre-render made; a browser whose key differs
  // (only a test's stand-in does) then starts the field afresh with its own.
  const apiKey = useHydrated() ? mapsApiKey() : builtMapsApiKey();
  return <AddressAutocompleteField key={apiKey ?? "manual"} apiKey={apiKey} {...props} />;
}

function AddressAutocompleteField({ apiKey, ...props }: AddressFieldProps & { apiKey: string | null }) {
  // The key is read once per field (machine input, not module top level).
  const [input] = useState(() => ({ apiKey }));
  return (
    <AddressAutocomplete.Provider options={{ input, inspect }}>
      <AddressFields {...props} />
    </AddressAutocomplete.Provider>
  );
}

function AddressFields({ value, onChange, onSelect, errors = {} }: AddressFieldProps) {
  const { t, i18n } = useLingui();
  const actor = AddressAutocomplete.useActorRef();
  const manual = AddressAutocomplete.useSelector((s) => s.hasTag("manual"));
  const message = AddressAutocomplete.useSelector((s) => s.context.message);
  const suggestions = AddressAutocomplete.useSelector((s) => s.context.suggestions);

  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });
  useEffect(() => {
    const subscription = actor.on("address.selected", ({ address }) => onSelectRef.current({ ...address }));
    return () => subscription.unsubscribe();
  }, [actor]);

  // If loading fails while the street input has focus, the plain field that replaces it takes the focus.
  const streetRef = useRef<HTMLDivElement>(null);
  const streetHadFocus = useRef(false);
  useEffect(() => {
    if (manual && streetHadFocus.current) streetRef.current?.querySelector("input")?.focus();
  }, [manual]);

  const error = (field: "street" | "zip" | "city") => {
    const text = errors[field];
    if (!text) return undefined;
    const known = errorMessages[text];
    return known ? i18n._(known) : text;
  };

  // A typed edit no longer matches the formatted address of an earlier pick, so that is dropped.
  const edit = (patch: Partial<AddressDraft>) => onChange({ ...value, ...patch, formatted_address: "" });
  const changeStreet = (street: string) => {
    edit({ street, number: parseStreetNumber(street) });
    actor.send({ type: "input.changed", value: street });
  };
  const pick = (id: string) => {
    const suggestion = suggestions.find((s) => s.id === id);
    if (!suggestion) return;
    // The street line shows at once; the ZIP code and city follow with the place's details.
    edit({ street: suggestion.mainText, number: parseStreetNumber(suggestion.mainText) });
    actor.send({ type: "suggestion.selected", id });
  };

  const streetLabel = t`Street address`;
  return (
    <div className="flex flex-col gap-4">
      {message === "loadFailed" && (
        <div role="alert" className="rounded-control border border-danger/40 bg-danger/5 px-4 py-3">
          <p className="font-semibold text-danger">{t`Failed to load address autocomplete`}</p>
          <p className="text-sm text-ink">{t`Type your street address, ZIP code and city below.`}</p>
        </div>
      )}
      <div
        ref={streetRef}
        onFocus={() => (streetHadFocus.current = true)}
        onBlur={() => (streetHadFocus.current = false)}
      >
        {manual ? (
          <TextField
            label={streetLabel}
            name="street"
            description={t`House number and street name, e.g. 1200 Brickell Ave`}
            autoComplete="address-line1"
            enterKeyHint="next"
            isRequired
            validationBehavior="aria"
            value={value.street}
            onChange={(street) => changeStreet(street)}
            errorMessage={error("street")}
          />
        ) : (
          <ComboBox
            label={streetLabel}
            name="street"
            description={t`Start typing, then choose your address from the list.`}
            isRequired
            enterKeyHint="next"
            validationBehavior="aria"
            allowsCustomValue
            items={suggestions}
            selectedKey={null}
            inputValue={value.street}
            onInputChange={changeStreet}
            onSelectionChange={(key) => key != null && pick(String(key))}
            errorMessage={error("street")}
          >
            {(suggestion) => (
              <ComboBoxItem id={suggestion.id} textValue={suggestion.text}>
                <span className="block font-medium">{suggestion.mainText}</span>
                {suggestion.secondaryText && <span className="block text-sm text-muted">{suggestion.secondaryText}</span>}
              </ComboBoxItem>
            )}
          </ComboBox>
        )}
      </div>
      <p role="status" className="text-sm text-muted empty:hidden">
        {message === "detailsFailed" ? t`We couldn't load the details of that address. Please check the ZIP code and city.` : ""}
      </p>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
        <TextField
          label={t`ZIP code`}
          name="zip"
          autoComplete="postal-code"
          inputMode="numeric"
          enterKeyHint="next"
          isRequired
          validationBehavior="aria"
          value={value.zip}
          onChange={(zip) => edit({ zip: normalizeZip(zip) })}
          errorMessage={error("zip")}
        />
        <TextField
          label={t`City`}
          name="city"
          autoComplete="address-level2"
          // The step's last text field: Enter there is Continue, to the next step.
          enterKeyHint="go"
          isRequired
          validationBehavior="aria"
          value={value.city}
          onChange={(city) => edit({ city })}
          errorMessage={error("city")}
        />
      </div>
    </div>
  );
}
