import { useId } from "react";
import { Link } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";
import { LinkButton } from "../ui/link-button";
import { formatUsd, PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS } from "#domain/prices";
import { CallToAction, CheckList, PageHeader, Section } from "./sections";
import { BuyerFacts } from "../ui/buyer-facts";
import { IconTile, type IconName } from "./icons";
import { addOnPrice, DELICATES_CARE_CENTS, HYPOALLERGENIC_DETERGENT_CENTS } from "./add-ons";

const promo = formatUsd(PRICE_DUE_TODAY_CENTS);
const weekly = formatUsd(PRICE_WEEKLY_CENTS);
const hypoallergenicPrice = addOnPrice(HYPOALLERGENIC_DETERGENT_CENTS);

interface Plan {
  id: string;
  name: string;
  price: string;
  period: string;
  note: string;
  features: string[];
  action: string;
  popular?: boolean;
}

function PlanCard({ plan, popularLabel }: { plan: Plan; popularLabel: string }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-plan={plan.id}
      className={`relative flex h-full flex-col rounded-card bg-white p-6 shadow-card sm:p-8 ${
        plan.popular ? "border-2 border-coral-500" : "border border-brand-100"
      }`}
    >
      {plan.popular && (
        <p className="absolute -top-4 left-6 rounded-full bg-coral-600 px-4 py-1 text-sm font-semibold text-white">{popularLabel}</p>
      )}
      <h3 id={headingId} className="text-2xl font-bold text-brand-900">{plan.name}</h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="font-display text-5xl font-bold text-brand-900">{plan.price}</span>
        <span className="text-lg text-muted">{plan.period}</span>
      </p>
      <p className="mt-2 text-muted">{plan.note}</p>
      <CheckList className="mt-6 flex-1 text-ink" items={plan.features} />
      <LinkButton to="/signup" variant={plan.popular ? "accent" : "primary"} className="mt-8 w-full" aria-describedby="one-subscription">
        {plan.action}
      </LinkButton>
    </article>
  );
}

export default function PricingPage() {
  const { t } = useLingui();

  const plans: Plan[] = [
    {
      id: "weekly",
      name: t`Weekly Plan`,
      price: weekly,
      period: t`per week`,
      note: t`Plus applicable tax. Renews every week.`,
      features: [
        t`Two pickups a week, on the weekdays you choose`,
        t`Washed, dried and folded with eco-friendly detergent`,
        t`24-hour standard turnaround, most orders in 12-18 hours`,
        t`Pickup and delivery included, no hidden fees`,
        t`Cancel anytime from your billing portal`,
      ],
      action: t`Choose Weekly Plan`,
    },
    {
      id: "promo",
      name: t`First Week Promo`,
      price: promo,
      period: t`for the first week`,
      note: t`Then ${weekly} per week, plus applicable tax.`,
      features: [
        t`Your first week of pickups for ${promo}`,
        t`Then the Weekly Plan at ${weekly} per week`,
        t`Scented or hypoallergenic detergent, softener if you like`,
        t`Service in English and Spanish`,
        t`No contract: cancel anytime, even after the first week`,
      ],
      action: t`Choose First Week Promo`,
      popular: true,
    },
  ];

  const addOns: Array<{ icon: IconName; name: string; price: string; text: string }> = [
    {
      icon: "feather",
      name: t`Delicates care`,
      price: addOnPrice(DELICATES_CARE_CENTS),
      text: t`Silk, lace, activewear and anything that needs a gentle cycle, washed separately and air-dried when the label asks for it.`,
    },
    {
      icon: "leaf",
      name: t`Hypoallergenic detergent`,
      price: addOnPrice(HYPOALLERGENIC_DETERGENT_CENTS),
      text: t`Fragrance-free and dye-free detergent for sensitive skin, babies and allergies. Chosen at sign-up, it is part of your plan at no extra cost; the ${hypoallergenicPrice} applies only when you add it to a single later order.`,
    },
    {
      icon: "bolt",
      name: t`Express service`,
      price: t`12-hour turnaround`,
      text: t`12-hour turnaround instead of 24, for the weeks you need your clothes back fast. We confirm the price when you add it.`,
    },
    {
      icon: "drop",
      name: t`Stain treatment`,
      price: t`Price on request`,
      text: t`Coffee, wine, grass, sunscreen: point out the stain and we pre-treat it before washing.`,
    },
  ];

  return (
    <>
      <PageMeta
        title={t`Pricing`}
        description={t`Weekly laundry pickup and delivery in Miami: First Week Promo ${promo}, then the Weekly Plan at ${weekly} a week plus tax. No hidden fees, cancel anytime.`}
      />
      <PageHeader
        eyebrow={t`Pricing`}
        title={t`Simple, honest pricing`}
        lead={<p>{t`One weekly price for pickup, washing, folding and delivery. Plans start from ${promo} per week. No hidden fees, cancel anytime.`}</p>}
      />

      <Section title={t`Choose your plan`} lead={t`Every new subscription starts with the First Week Promo and continues on the Weekly Plan, week after week, until you cancel.`}>
        <div className="grid gap-8 pt-4 md:grid-cols-2">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} popularLabel={t`Most popular`} />
          ))}
        </div>
        <p className="mt-6 rounded-card border border-brand-200 bg-brand-50 p-4 text-ink" id="one-subscription">
          {t`Both buttons open the same sign-up: there is one subscription. Its first week is the First Week Promo at ${promo}; from then on it is the Weekly Plan at ${weekly} per week. Your detergent (scented or hypoallergenic) and softener are chosen at sign-up and included.`}
        </p>
        <h3 className="mt-8 text-xl font-bold text-brand-900">{t`What your plan covers`}</h3>
        <BuyerFacts className="mt-4" />
        <p className="mt-6 text-sm text-muted">
          {t`Prices are in US dollars, plus applicable tax. Your card is charged ${promo} at sign-up and ${weekly} every week from your renewal date, the Sunday on or after your first pickup.`}
        </p>
      </Section>

      <Section
        tone="white"
        title={t`Extras for later orders`}
        lead={t`Your plan already includes the detergent and softener you choose at sign-up. Once you're a customer, add any of these to a later order. They are never charged at sign-up.`}
      >
        <ul className="grid gap-6 sm:grid-cols-2">
          {addOns.map((addOn) => (
            <li key={addOn.name} data-addon className="flex gap-4 rounded-card border border-brand-100 bg-sand-50 p-6">
              <IconTile name={addOn.icon} tone="coral" />
              <div>
                <h3 className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold text-brand-900">
                  <span>{addOn.name}</span>
                  <span className="font-display text-coral-600">{addOn.price}</span>
                </h3>
                <p className="mt-1 leading-relaxed text-muted">{addOn.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t`Just need it once?`}>
        <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-muted">
          <p>
            {t`Moving, hosting guests or back from a long trip? Ask us about a One-Time Pickup. We'll confirm the price and a pickup time that suits you before we come.`}
          </p>
          <p>
            <Link to="/contact" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline decoration-2 underline-offset-4 hover:text-brand-900">
              {t`Ask about a One-Time Pickup`}
            </Link>
          </p>
        </div>
      </Section>

      <CallToAction
        title={t`Start with your first week for ${promo}`}
        text={t`Pick your two pickup days, tell us how you like your laundry, and we take it from there.`}
        action={{ to: "/signup", label: t`Schedule Pickup` }}
        secondary={{ to: "/faq", label: t`Read the FAQ` }}
      />
    </>
  );
}
