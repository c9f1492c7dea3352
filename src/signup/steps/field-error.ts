// The translated inline error of a field path ("email", "address.zip", "building.unit"), if any.
import { useLingui } from "@lingui/react/macro";
import { SignupActor } from "../signup-actor";
import { validationText } from "../signup-messages";

export function useFieldError() {
  const { i18n } = useLingui();
  const errors = SignupActor.useSelector((s) => s.context.errors);
  return (path: string): string | undefined => (errors[path] ? validationText(i18n, errors[path]) : undefined);
}
