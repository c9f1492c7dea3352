// /login: there are no customer accounts (decisions.md), so a valid form explains the billing portal instead.
import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { EMAIL_PATTERN } from "../contract/common";
import { brand } from "../config/brand";
import { Button } from "../ui/button";
import { PageMeta } from "../ui/page-meta";
import { TextField } from "../ui/text-field";

type LoginErrors = { email?: "emailRequired" | "emailInvalid"; password?: "passwordRequired" };

function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = "emailRequired";
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = "emailInvalid";
  if (!password) errors.password = "passwordRequired";
  return errors;
}

export default function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<LoginErrors>({});
  /** The e-mail of a valid submission: the portal notice is shown for it. */
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);

  const messages = {
    emailRequired: t`Please enter your email address`,
    emailInvalid: t`Please enter a valid email address`,
    passwordRequired: t`Please enter your password`,
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.email || found.password) {
      setSubmittedEmail(null);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    // No call and no sign-in: nothing here checks a password. The password is not kept.
    setPassword("");
    setSubmittedEmail(email.trim().toLowerCase());
    requestAnimationFrame(() => noticeRef.current?.focus());
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
        <p className="mt-4 text-lg text-muted">
          {t`Your plan, next renewal, payment method and invoices live in our secure billing portal, run by our payment provider.`}
        </p>
        <p className="mt-4 text-muted">
          {t`New to ${brand.name}?`}{" "}
          <Link to="/signup" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            {t`Sign up and schedule your first pickup`}
          </Link>
        </p>
      </div>

      <div className="flex flex-col gap-6">
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 rounded-card border border-brand-100 bg-white p-5 shadow-card sm:p-8">
          <TextField
            label={t`Email`}
            type="email"
            autoComplete="email"
            isRequired
            validationBehavior="aria"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setErrors(({ email: _e, ...rest }) => rest);
            }}
            errorMessage={errors.email && messages[errors.email]}
          />
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="current-password"
            isRequired
            validationBehavior="aria"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setErrors(({ password: _p, ...rest }) => rest);
            }}
            errorMessage={errors.password && messages[errors.password]}
          />
          <Button type="submit">{t`Log in`}</Button>
          <p className="text-center text-sm text-muted">
            {t`Don't have an account?`}{" "}
            <Link to="/signup" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">{t`Sign up`}</Link>
          </p>
        </form>

        <div role="status" aria-live="polite">
          {submittedEmail && (
            <div ref={noticeRef} tabIndex={-1} className="rounded-card border border-brand-200 bg-brand-50 p-5 outline-none sm:p-6">
              <h2 className="text-xl font-bold text-brand-900">{t`Your subscription is managed in the billing portal`}</h2>
              <p className="mt-2 text-ink">
                {t`We don't use passwords, so you haven't been signed in. Everything about your subscription (plan, renewal date, card and invoices, or cancelling) is in the secure billing portal of our payment provider.`}
              </p>
              <p className="mt-2 text-ink">
                {t`To get there, use the billing portal link in your welcome email, or open it now for ${submittedEmail}:`}
              </p>
              <Button className="mt-4" variant="accent" onPress={() => navigate(`/?email=${encodeURIComponent(submittedEmail)}`)}>
                {t`Open my billing portal`}
              </Button>
              <p className="mt-4 text-sm text-muted">
                {t`Can't get in? Call us at ${brand.phone} or use the contact form.`}{" "}
                <Link to="/contact?type=residential" className="font-semibold text-brand-700 underline underline-offset-4">{t`Contact us`}</Link>
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
