// The translated inline error of a field path ("email", "address.zip", "building.unit"), if any.
import { useLingui } from "@lingui/react/macro";
import { shallowEqual } from "@xstate/react";
import { SignupActor } from "../signup-actor";
import { validationText } from "../signup-messages";

export function useFieldError() {
  const { i18n } = useLingui();
  // Compared by content: a step change clears the errors with a new empty object, which changes nothing shown.
  const errors = SignupActor.useSelector((s) => s.context.errors, shallowEqual);
  return (path: string): string | undefined => (errors[path] ? validationText(i18n, errors[path]) : undefined);
}
