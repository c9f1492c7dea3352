// Step 6: the review of everything entered and the payment summary (product.md PLAN-1, PLAN-3).
import type { ReactNode } from "react";
import { BuyerFacts } from "../../ui/buyer-facts";
import { useLingui, Plural } from "@lingui/react/macro";
import { Button } from "react-aria-components";
import { format, parseISO } from "date-fns";
import { clientAddress } from "#domain/signup-form";
import { daysUntil, formatUsd, PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS, renewalDate } from "#domain/plan";
import { dateLocale } from "../../i18n/date-locale";
import { useLanguage } from "../../i18n/language-provider";
import { SignupActor } from "../signup-actor";
import { useBuildingLabels } from "./building-step";
import { dayLabel, weekdayList } from "./day-names";

function Section({ title, step, children }: { title: string; step: 1 | 2 | 3 | 4 | 5; children: ReactNode }) {
  const { t } = useLingui();
  const actor = SignupActor.useActorRef();
  return (
    <section className="flex flex-col gap-2 border-b border-brand-100 pb-4 last:border-b-0">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{title}</h3>
        <Button
          aria-label={t`Edit: ${title}`}
          onPress={() => actor.send({ type: "review.edit", step })}
          className="min-h-11 cursor-pointer rounded-control px-2 text-sm font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50"
        >
          {t`Edit`}
        </Button>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">{children}</dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{value}</dd>
    </>
  );
}

export function ReviewStep() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const form = SignupActor.useSelector((s) => s.context.form);
  const today = SignupActor.useSelector((s) => s.context.today);
  const labels = useBuildingLabels();
  const address = clientAddress(form);
  const type = form.buildingType || "house";
  const renewal = form.pickupone ? renewalDate(form.pickupone) : "";
  const days = renewal ? daysUntil(today, renewal) : 0;
  const renewalText = renewal ? format(parseISO(renewal), language === "es" ? "EEEE d 'de' MMMM 'de' yyyy" : "EEEE, MMMM d, yyyy", { locale: dateLocale[language] }) : "";
  const street = [address.street, address.unit && (language === "es" ? `unidad ${address.unit}` : `Unit ${address.unit}`)].filter(Boolean).join(", ");

  return (
    <div className="flex flex-col gap-5">
      <p className="text-muted">{t`Please check your details. Edit any section to change it; Continue there brings you back here.`}</p>
      <Section title={t`Personal information`} step={1}>
        <Row label={t`Name`} value={`${form.firstName.trim()} ${form.lastName.trim()}`} />
        <Row label={t`Email`} value={form.email.trim().toLowerCase()} />
        <Row label={t`Phone`} value={form.phone} />
      </Section>
      <Section title={t`Address`} step={1}>
        <Row label={t`Street address`} value={street} />
        <Row label={t`City, state and ZIP`} value={`${address.city}, ${address.state} ${address.zip}`} />
        <Row label={t`Country`} value={address.country === "USA" ? t`United States` : address.country} />
      </Section>
      <Section title={t`Detergent`} step={2}>
        <Row label={t`Detergent`} value={form.detergent === "hypoallergenic" ? t`Hypoallergenic` : t`Scented`} />
      </Section>
      <Section title={t`Fabric softener`} step={3}>
        <Row label={t`Fabric softener`} value={form.fabricSoftener ? t`With fabric softener` : t`Without fabric softener`} />
      </Section>
      <Section title={t`Pickup schedule`} step={4}>
        <Row label={t`First pickup`} value={form.pickupone ? dayLabel(form.pickupone, language) : ""} />
        <Row label={t`Second pickup`} value={form.pickuptwo ? dayLabel(form.pickuptwo, language) : ""} />
        <Row label={t`Every week on`} value={weekdayList([form.pickupone, form.pickuptwo].filter(Boolean), language)} />
      </Section>
      <Section title={t`Building`} step={5}>
        <Row label={t`Building type`} value={labels.types[type]} />
        {(Object.keys(labels.fields) as Array<keyof typeof labels.fields>)
          .filter((field) => field !== "unit" && address[field])
          .map((field) => (
            <Row key={field} label={labels.fields[field]} value={address[field]} />
          ))}
      </Section>
      <section aria-labelledby="payment-summary-heading" className="flex flex-col gap-3 rounded-card border-2 border-brand-200 bg-brand-50 p-4 sm:p-5">
        <h3 id="payment-summary-heading" className="font-display text-lg font-semibold text-brand-900">
          {t`Payment summary`}
        </h3>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold text-ink">{t`Due today (first week promo)`}</dt>
          <dd className="text-right text-lg font-bold text-brand-900" data-testid="due-today">{formatUsd(PRICE_DUE_TODAY_CENTS)}</dd>
          <dt className="text-ink">{t`Then every week, from ${renewalText}`}</dt>
          <dd className="text-right font-semibold text-ink" data-testid="renewal-price">{formatUsd(PRICE_WEEKLY_CENTS)}</dd>
        </dl>
        <p className="text-sm text-ink" data-testid="renewal-days">
          <Plural value={days} _0="Your weekly plan renews today." one="Your weekly plan renews in # day." other="Your weekly plan renews in # days." />
        </p>
        <p className="text-sm font-semibold text-success">{t`Cancel anytime. Prices before tax.`}</p>
      </section>
      <section aria-labelledby="plan-facts-heading" className="flex flex-col gap-3">
        <h3 id="plan-facts-heading" className="font-display text-lg font-semibold text-brand-900">{t`What your plan covers`}</h3>
        <BuyerFacts />
      </section>
    </div>
  );
}
