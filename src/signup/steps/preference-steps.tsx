// Steps 2 and 3: the detergent and the fabric softener, each a choice with descriptions.
import { useLingui } from "@lingui/react/macro";
import { RadioGroup } from "../../ui/radio-group";
import { SignupActor } from "../signup-actor";
import { useFieldError } from "./field-error";

export function DetergentStep() {
  const { t } = useLingui();
  const actor = SignupActor.useActorRef();
  const detergent = SignupActor.useSelector((s) => s.context.form.detergent);
  const error = useFieldError();
  return (
    <RadioGroup
      label={t`Which detergent do you prefer?`}
      isRequired
      value={detergent || null}
      onChange={(value) => actor.send({ type: "detergent.changed", value: value as "scented" | "hypoallergenic" })}
      errorMessage={error("detergent")}
      options={[
        { value: "scented", label: t`Scented`, description: t`Our eco-friendly detergent with a light, fresh scent.` },
        {
          value: "hypoallergenic",
          label: t`Hypoallergenic`,
          description: t`Fragrance-free and dye-free, gentle on sensitive skin, babies and allergies.`,
        },
      ]}
    />
  );
}

export function SoftenerStep() {
  const { t } = useLingui();
  const actor = SignupActor.useActorRef();
  const softener = SignupActor.useSelector((s) => s.context.form.fabricSoftener);
  const error = useFieldError();
  return (
    <RadioGroup
      label={t`Would you like fabric softener?`}
      isRequired
      value={softener === null ? null : softener ? "yes" : "no"}
      onChange={(value) => actor.send({ type: "softener.changed", value: value === "yes" })}
      errorMessage={error("fabricSoftener")}
      options={[
        { value: "yes", label: t`Yes, add fabric softener`, description: t`Softer clothes with less static and fewer wrinkles.` },
        { value: "no", label: t`No fabric softener`, description: t`Best for towels, athletic wear and sensitive skin.` },
      ]}
    />
  );
}
