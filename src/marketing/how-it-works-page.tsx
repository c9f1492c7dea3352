import { Link } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";
import { LinkButton } from "../ui/button";
import { formatUsd, PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS } from "#domain/prices";
import { CheckList, PageHeader, Section, Steps } from "./sections";
import { Icon } from "./icons";

const promo = formatUsd(PRICE_DUE_TODAY_CENTS);
const weekly = formatUsd(PRICE_WEEKLY_CENTS);

export default function HowItWorksPage() {
  const { t } = useLingui();
  return (
    <>
      <PageMeta
        title={t`How it works`}
        description={t`Sign up online, choose two weekly pickup days, leave your bag at the door and get it back clean and folded within 24 hours.`}
      />
      <PageHeader
        eyebrow={t`How it works`}
        title={t`Four steps to a laundry-free week`}
        lead={<p>{t`Sign up once and your laundry is picked up and delivered every week on the days you choose, until you decide to stop.`}</p>}
      />

      <Section title={t`Your week with FreshFold`}>
        <Steps
          steps={[
            {
              icon: "calendar",
              title: t`Sign up and pick your days`,
              text: t`Enter your address and ZIP code, then choose two pickup days in your first week. Those weekdays repeat every week.`,
            },
            {
              icon: "sparkle",
              title: t`Tell us your preferences`,
              text: t`Scented or hypoallergenic detergent, fabric softener or not, and how to reach your door: gate code, call box, unit number or parking notes.`,
            },
            {
              icon: "door",
              title: t`Leave your bag out`,
              text: t`On each pickup day, leave your laundry at the door, at the front desk or with your doorman. Our driver collects it.`,
            },
            {
              icon: "truck",
              title: t`Get it back fresh`,
              text: t`We wash, dry and fold everything with eco-friendly detergents and deliver it within 24 hours, most orders in 12-18 hours.`,
            },
          ]}
        />
      </Section>

      <Section tone="white" title={t`Paying and billing`}>
        <div className="grid gap-10 lg:grid-cols-2">
          <CheckList
            className="text-lg text-ink"
            items={[
              t`Pay by card on our payment provider's secure hosted checkout`,
              t`${promo} today for your first week`,
              t`${weekly} per week from the Sunday on or after your first pickup, plus applicable tax`,
              t`No hidden fees, and cancel anytime from your billing portal`,
            ]}
          />
          <div className="rounded-card bg-brand-50 p-6 sm:p-8">
            <h3 className="text-xl font-semibold text-brand-900">{t`Still have questions?`}</h3>
            <p className="mt-2 leading-relaxed text-muted">
              {t`Pickups, pricing, detergents and the areas we serve: the answers are in our FAQ.`}
            </p>
            <Link to="/faq" className="mt-1.5 -mb-2.5 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline decoration-2 underline-offset-4 hover:text-brand-900">
              {t`Read the FAQ`}
              <Icon name="arrowRight" className="h-5 w-5" />
            </Link>
          </div>
        </div>
      </Section>

      <section className="mx-auto max-w-6xl px-4 py-12 text-center sm:px-6" aria-label={t`Get started`}>
        <p className="font-display text-2xl font-bold text-brand-900">{t`Your first week is ${promo}.`}</p>
        <LinkButton to="/signup" variant="accent" className="mt-6">{t`Schedule Pickup`}</LinkButton>
      </section>
    </>
  );
}
