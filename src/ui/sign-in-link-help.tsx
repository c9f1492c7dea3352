// What the two places that e-mail a sign-in link say after "check your e-mail" (the login page and the portal
// redirect without a token): where to look for the link, and the way in for an address with no subscription. The
// same words for every address, so neither page tells whether an address has a subscription.
import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";

/** `compact`: the login page's smaller card; otherwise the portal redirect's full page. */
export function SignInLinkHelp({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const spacing = compact ? "mt-2 text-sm" : "mt-4";
  return (
    <>
      <p className={`${spacing} text-muted`}>{t`No email after a few minutes? Check your spam folder, or ask for a new link on the login page.`}</p>
      <p className={`${spacing} text-ink`}>
        <Trans>
          No subscription with this address yet? <Link to="/signup" className="font-semibold text-brand-800 underline">Sign up</Link> or{" "}
          <Link to="/contact" className="font-semibold text-brand-800 underline">contact us</Link>.
        </Trans>
      </p>
    </>
  );
}
