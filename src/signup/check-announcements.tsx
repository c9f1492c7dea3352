// A polite live region per step-1 check: the results of the e-mail and service-area checks are announced.
import { memo } from "react";
import { useLingui } from "@lingui/react/macro";
import { SignupActor } from "./signup-actor";

/** Memoised: it follows its own selectors, not the wizard's re-renders. */
export const CheckAnnouncements = memo(function CheckAnnouncements() {
  const { t } = useLingui();
  const email = SignupActor.useSelector((s) =>
    s.matches({ step1: { email: "checking" } }) ? "checking" : s.matches({ step1: { email: "taken" } }) ? "taken" : s.matches({ step1: { email: "free" } }) ? "free" : "idle",
  );
  const area = SignupActor.useSelector((s) =>
    s.matches({ step1: { area: "checking" } })
      ? "checking"
      : s.matches({ step1: { area: "available" } })
        ? "available"
        : s.matches({ step1: { area: "unavailable" } })
          ? "unavailable"
          : "idle",
  );
  const emailText = {
    idle: "",
    checking: t`Checking your e-mail address…`,
    free: t`This e-mail address is ready to use.`,
    taken: t`Email already exists.`,
  }[email];
  const areaText = {
    idle: "",
    checking: t`Checking your ZIP code…`,
    available: t`Good news: we serve your area.`,
    unavailable: t`We're not in your area yet!`,
  }[area];
  return (
    <div className="sr-only">
      <p role="status" aria-live="polite" aria-atomic="true" data-testid="email-check-status">{emailText}</p>
      <p role="status" aria-live="polite" aria-atomic="true" data-testid="area-check-status">{areaText}</p>
    </div>
  );
});
