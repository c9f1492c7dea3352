// Step 1: personal information, address, consent and terms, with the e-mail and service-area alerts.
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatPhone } from "#domain/signup-form";
import { Alert } from "../../ui/alert";
import { LinkButton } from "../../ui/button";
import { Checkbox } from "../../ui/checkbox";
import { TextField } from "../../ui/text-field";
import { AddressField } from "../address/address-field";
import { ComingSoonWaitlist, ServedConfirmation } from "../../areas/zip-check";
import { SignupActor } from "../signup-actor";
import { useFieldError } from "./field-error";

/** The first or last name, named after its autofill token. */
function NameField({ field, label, autoComplete }: { field: "firstName" | "lastName"; label: string; autoComplete: "given-name" | "family-name" }) {
  const actor = SignupActor.useActorRef();
  const value = SignupActor.useSelector((s) => s.context.form[field]);
  const error = useFieldError();
  return (
    <TextField
      label={label}
      name={autoComplete}
      autoComplete={autoComplete}
      enterKeyHint="next"
      isRequired
      validationBehavior="aria"
      value={value}
      onChange={(value) => actor.send({ type: "field.changed", field, value })}
      errorMessage={error(field)}
    />
  );
}

export function PersonalStep() {
  const { t } = useLingui();
  const actor = SignupActor.useActorRef();
  const email = SignupActor.useSelector((s) => s.context.form.email);
  const phone = SignupActor.useSelector((s) => s.context.form.phone);
  const address = SignupActor.useSelector((s) => s.context.form.address);
  const consent = SignupActor.useSelector((s) => s.context.form.consent);
  const terms = SignupActor.useSelector((s) => s.context.form.terms);
  const emailTaken = SignupActor.useSelector((s) => s.matches({ step1: { email: "taken" } }));
  const areaUnavailable = SignupActor.useSelector((s) => s.matches({ step1: { area: "unavailable" } }));
  const areaAvailable = SignupActor.useSelector((s) => s.matches({ step1: { area: "available" } }));
  const areaAnswer = SignupActor.useSelector((s) => s.context.areaAnswer);
  const checkedZip = SignupActor.useSelector((s) => s.context.checked.zip);
  const error = useFieldError();

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <NameField field="firstName" label={t`First name`} autoComplete="given-name" />
        <NameField field="lastName" label={t`Last name`} autoComplete="family-name" />
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          enterKeyHint="next"
          isRequired
          validationBehavior="aria"
          value={email}
          onChange={(value) => actor.send({ type: "email.changed", value })}
          errorMessage={error("email")}
        />
        <TextField
          label={t`Phone`}
          name="tel"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          enterKeyHint="next"
          description={t`10 digits, e.g. (305) 555-0123`}
          isRequired
          validationBehavior="aria"
          value={phone}
          onChange={(value) => actor.send({ type: "field.changed", field: "phone", value: formatPhone(value) })}
          errorMessage={error("phone")}
        />
      </div>
      {emailTaken && (
        <Alert variant="destructive" title={t`Email already exists.`}>
          <p>{t`This e-mail address already has a subscription.`}</p>
          <LinkButton to="/login" variant="secondary" className="mt-3">
            {t`Login instead`}
          </LinkButton>
        </Alert>
      )}
      <AddressField
        value={address}
        onChange={(draft) => actor.send({ type: "address.changed", address: draft })}
        onSelect={(selected) => actor.send({ type: "address.selected", address: selected })}
        errors={{ street: error("address.street"), zip: error("address.zip"), city: error("address.city") }}
      />
      <TextField label={t`Country`} name="country" value={address.country === "USA" ? t`United States` : address.country} isReadOnly excludeFromTabOrder />
      {areaAvailable && <ServedConfirmation area={areaAnswer?.area ?? ""} deliveryTime={areaAnswer?.deliveryTime} />}
      {areaUnavailable && (
        <Alert variant="warning" title={t`We're not in your area yet!`}>
          <p>{t`We don't currently service this area.`}</p>
          <p className="mt-1">
            {/* A 44 px tall tap target (py-3) that takes the line's height only (-my-3): the alert keeps its look. */}
            <Link to="/service-areas" className="-my-3 inline-block py-3 font-semibold text-brand-800 underline">
              {t`See the areas we serve`}
            </Link>
          </p>
        </Alert>
      )}
      {areaUnavailable && areaAnswer?.comingSoon && areaAnswer.area && checkedZip && (
        <ComingSoonWaitlist key={checkedZip} zip={checkedZip} area={areaAnswer.area} email={email} />
      )}
      <div className="flex flex-col gap-3">
        <Checkbox isSelected={consent} onChange={(value) => actor.send({ type: "consent.changed", value })} errorMessage={error("consent")}>
          {t`I agree to receive e-mails, texts and calls about my pickups and my subscription.`}
        </Checkbox>
        <Checkbox isSelected={terms} onChange={(value) => actor.send({ type: "terms.changed", value })} errorMessage={error("terms")}>
          {t`I accept the terms of service and the privacy policy.`}
        </Checkbox>
        <p className="pl-8 text-sm text-muted">
          <Link to="/terms" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t`Terms of service`}
          </Link>
          {" · "}
          <Link to="/privacy" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t`Privacy policy`}
          </Link>
        </p>
      </div>
    </div>
  );
}
