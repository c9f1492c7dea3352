// Step 5: the building type and exactly the spec's fields for it.
import { useLingui } from "@lingui/react/macro";
import { buildingFields, type BuildingField, type BuildingType } from "#domain/signup-form";
import { RadioGroup } from "../../ui/radio-group";
import { TextField } from "../../ui/text-field";
import { SignupActor } from "../signup-actor";
import { useFieldError } from "./field-error";

export function useBuildingLabels() {
  const { t } = useLingui();
  const types: Record<BuildingType, string> = { house: t`House`, apartment: t`Apartment / Condo`, business: t`Business` };
  const fields: Record<BuildingField, string> = {
    gateCode: t`Gate code`,
    other: t`Other instructions`,
    buildingName: t`Building name`,
    unit: t`Unit number`,
    callBoxCode: t`Call box code`,
    businessName: t`Business name`,
    accessCode: t`Access code`,
    openingHours: t`Opening hours`,
    closingHours: t`Closing hours`,
    parkingInstructions: t`Parking instructions`,
  };
  return { types, fields };
}

const requiredField: Partial<Record<BuildingType, BuildingField>> = { apartment: "unit", business: "businessName" };
const multiline = new Set<BuildingField>(["other", "parkingInstructions"]);
/** What a phone's autofill may offer for a field. */
const autoComplete: Partial<Record<BuildingField, string>> = { unit: "address-line2", businessName: "organization" };

export function BuildingStep() {
  const { t } = useLingui();
  const actor = SignupActor.useActorRef();
  const buildingType = SignupActor.useSelector((s) => s.context.form.buildingType);
  const building = SignupActor.useSelector((s) => s.context.form.building);
  const error = useFieldError();
  const labels = useBuildingLabels();

  return (
    <div className="flex flex-col gap-6">
      <RadioGroup
        label={t`Where do we pick up?`}
        isRequired
        value={buildingType || null}
        onChange={(value) => actor.send({ type: "building.type.changed", value: value as BuildingType })}
        errorMessage={error("buildingType")}
        options={[
          { value: "house", label: labels.types.house, description: t`A single-family home or townhouse.` },
          { value: "apartment", label: labels.types.apartment, description: t`A unit in a building with shared access.` },
          { value: "business", label: labels.types.business, description: t`An office, shop, salon or rental property.` },
        ]}
      />
      {buildingType && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-ink">{t`Access details`}</legend>
          {buildingFields[buildingType].map((field) => (
            <TextField
              key={field}
              className={multiline.has(field) ? "sm:col-span-2" : ""}
              label={labels.fields[field]}
              isRequired={requiredField[buildingType] === field}
              autoComplete={autoComplete[field]}
              validationBehavior="aria"
              multiline={multiline.has(field)}
              // Every list of fields ends with the multi-line "other instructions": a single-line field is never last.
              enterKeyHint={multiline.has(field) ? undefined : "next"}
              rows={multiline.has(field) ? 3 : undefined}
              value={building[field]}
              onChange={(value) => actor.send({ type: "building.changed", field, value })}
              errorMessage={error(`building.${field}`)}
            />
          ))}
        </fieldset>
      )}
    </div>
  );
}
