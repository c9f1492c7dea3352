// /login (product.md SITE-6): there are no passwords (docs/decisions/010-sign-in-links-instead-of-passwords.md). The page asks for the
// e-mail only and e-mails a single-use sign-in link to the billing portal, with the same confirmation for any address;
// only the browser that paid (its checkout cookie, for a day) is answered the portal itself, and goes there.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { EMAIL_PATTERN } from "#contract/common";
import { brand } from "../config/brand";
import { Button } from "../ui/button";
import { PAGE_LEAD_ID, PageMeta } from "../ui/page-meta";
import { SignInLinkHelp } from "../ui/sign-in-link-help";
import { TextField } from "../ui/text-field";
import { HydratedFieldset } from "../ui/hydrated-fieldset";
import { useFocusWhenShown } from "../ui/use-focus-when-shown";
import { usePageRestored } from "../ui/use-page-restored";
import { createApiClient, hostedLink, isAllowedRedirect, paymentProviderOrigins } from "../api/client";
import { PAYMENT_DEADLINE_MS } from "../api/deadline";
import { newSubmissionKeys } from "../api/submission-keys";
import { leaveFor, siteOrigin } from "../browser/tab-session";
import { LEAVING_PATIENCE_MS } from "#machines/leaving-patience";

type LoginError = "emailRequired" | "emailInvalid";

function validateEmail(email: string): LoginError | undefined {
  if (!email.trim()) return "emailRequired";
  if (!EMAIL_PATTERN.test(email.trim())) return "emailInvalid";
  return undefined;
}

/**
 * Where the tab keeps the key of the sign-in link request not yet answered, with its address (decision 018): a reload
 * while it is on its way asks again as the same request, so the server e-mails no second link and spends no more of
 * the day's.
 */
const LINK_REQUEST_KEY = "login:link-request";

export default function LoginPage() {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<LoginError | undefined>();
  /**
   * Each valid submission or Try again: its e-mail, its key, and a counter so a second request is a fresh one. The
   * key is the same on every try for the same address, in this page and after a reload of the tab
   * (LINK_REQUEST_KEY), until the request was answered (decision 018): a try whose answer was lost may have e-mailed
   * its link, and its repeat gets that one, not a second, and spends no more of the day's.
   */
  const [request, setRequest] = useState<{ email: string; requestId: string; n: number } | null>(null);
  const [requestKeys] = useState(() => newSubmissionKeys(LINK_REQUEST_KEY));
  const [status, setStatus] = useState<LinkStatus>("sending");
  /** A link is on its way: another press would send a second one (and count against the day's few). */
  const sending = request !== null && status === "sending";
  /** Leaving for the portal: another press would ask for another portal session, until it is gone or LEAVING_PATIENCE_MS. */
  const leaving = request !== null && status === "leaving";

  // Requests a sign-in link for each request (the portal call without proof answers { "sent": true } for every
  // address). The browser that paid, within a day of its checkout (server/auth/ownership.ts), is answered the portal
  // link instead and nothing is e-mailed: the page leaves for it, if it goes to this site or the payment provider
  // (any other is a failure). Given up after PAYMENT_DEADLINE_MS (the portal comes from the provider): then "we
  // couldn't send the link" and Try again, as for any failure.
  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    createApiClient()
      .call("createPortalSession", {
        params: { email: request.email },
        query: { requestId: request.requestId },
        signal: controller.signal,
        deadlineMs: PAYMENT_DEADLINE_MS,
      })
      .then((answer) => {
        if (controller.signal.aborted) return;
        // Answered: the next request, even for the same address, is a new one.
        requestKeys.forget();
        if (answer.sent) {
          setStatus("sent");
          return;
        }
        const link = hostedLink(answer, "portal");
        if (!isAllowedRedirect(link, siteOrigin(), paymentProviderOrigins)) throw new Error("The portal link goes elsewhere");
        setStatus("leaving");
        leaveFor(link);
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus("failed");
      });
    return () => controller.abort();
  }, [request, requestKeys]);
  // A portal page that does not open (a stalled network, or Stop): after a while the page says so and works again.
  useEffect(() => {
    if (status !== "leaving") return;
    const patience = setTimeout(() => setStatus("stalled"), LEAVING_PATIENCE_MS);
    return () => clearTimeout(patience);
  }, [status]);
  // Back from the portal to this page as it was left (the back-forward cache): the form as before, not "opening".
  usePageRestored(() => setRequest(null), status === "leaving" || status === "stalled");
  const ask = (linkEmail: string) => {
    setStatus("sending");
    const requestId = requestKeys.keyFor(linkEmail);
    setRequest((previous) => ({ email: linkEmail, requestId, n: (previous?.n ?? 0) + 1 }));
  };

  const messages = {
    emailRequired: t`Please enter your email address`,
    emailInvalid: t`Please enter a valid email address`,
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending || leaving) return;
    const found = validateEmail(email);
    setError(found);
    if (found) {
      setRequest(null);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    ask(email.trim().toLowerCase());
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:py-16">
      <PageMeta
        title={t`Log in`}
        description={t`Existing customers: manage your weekly laundry subscription, payment method and invoices in the secure billing portal.`}
      />
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-coral-600">{t`Customers`}</p>
        <h1 className="mt-2 text-4xl font-bold text-brand-900 sm:text-5xl">{t`Log in`}</h1>
        <p id={PAGE_LEAD_ID} className="mt-4 text-lg text-muted">
          {t`Your plan, next renewal, payment method and invoices live in our secure billing portal, run by our payment provider.`}
        </p>
        <p className="mt-4 text-muted">
          {t`We don't use passwords: enter the email address of your subscription and we'll email you a link that opens your billing portal.`}
        </p>
        <p className="mt-4 text-muted">
          {t`New to ${brand.name}?`}{" "}
          <Link to="/signup" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            {t`Sign up and schedule your first pickup`}
          </Link>
        </p>
      </div>

      <div className="flex flex-col gap-6">
        <HydratedFieldset>
          <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 rounded-card border border-brand-100 bg-white p-5 shadow-card sm:p-8">
            <TextField
              label={t`Email`}
              type="email"
              autoComplete="email"
              // Enter sends the sign-in link.
              enterKeyHint="send"
              isRequired
              validationBehavior="aria"
              value={email}
              onChange={(value) => {
                setEmail(value);
                setError(undefined);
              }}
              errorMessage={error && messages[error]}
            />
            <Button type="submit" isDisabled={sending || leaving}>
              {sending ? t`Sending...` : t`Email me a link to my billing portal`}
            </Button>
            <p className="text-center text-sm text-muted">
              {t`Don't have an account?`}{" "}
              <Link to="/signup" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">{t`Sign up`}</Link>
            </p>
          </form>
        </HydratedFieldset>

        <div aria-live="polite">
          {request && <SignInLinkRequest key={request.n} email={request.email} status={status} onRetry={() => ask(request.email)} />}
          {request && (
            <p className="mt-4 text-sm text-muted">
              {t`Can't get in? Call us at ${brand.phone} or use the contact form.`}{" "}
              <Link to="/contact?type=residential" className="font-semibold text-brand-700 underline underline-offset-4">{t`Contact us`}</Link>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

type LinkStatus = "sending" | "sent" | "leaving" | "stalled" | "failed";

/**
 * A sign-in link's request as it goes: the same words whatever the address, its outcome focused when it comes (the
 * paying browser's, leaving for its portal, is only announced: the page is about to go).
 */
function SignInLinkRequest({ email, status, onRetry }: { email: string; status: LinkStatus; onRetry: () => void }) {
  const { t } = useLingui();
  const heading = useFocusWhenShown<HTMLHeadingElement>(status === "sent" || status === "failed");
  return (
    <div className="rounded-card border border-brand-200 bg-brand-50 p-5 sm:p-6">
      {status === "sending" && <p className="text-ink">{t`Sending your link…`}</p>}
      {status === "leaving" && <p className="text-ink">{t`Opening your billing portal…`}</p>}
      {status === "stalled" && (
        <>
          <p className="text-ink">{t`Your billing portal hasn't opened yet. It may still be loading. If it doesn't open, try again.`}</p>
          <Button className="mt-4" variant="secondary" onPress={onRetry}>{t`Try again`}</Button>
        </>
      )}
      {status === "sent" && (
        <>
          <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-brand-900 outline-none">{t`Check your email`}</h2>
          <p className="mt-2 text-ink">
            {t`If ${email} has a subscription with us, we've emailed you a link to your billing portal. It works once, for 15 minutes.`}
          </p>
          <SignInLinkHelp compact />
        </>
      )}
      {status === "failed" && (
        <>
          <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-brand-900 outline-none">{t`We couldn't send the link right now. Please try again in a minute.`}</h2>
          <Button className="mt-4" variant="secondary" onPress={onRetry}>{t`Try again`}</Button>
        </>
      )}
    </div>
  );
}
