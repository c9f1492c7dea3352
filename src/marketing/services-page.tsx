import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";
import { addOnPrice, DELICATES_CARE_CENTS } from "./add-ons";
import { formatUsd, PRICE_DUE_TODAY_CENTS } from "#domain/prices";
import { CallToAction, CheckList, FeatureCard, PageHeader, Section } from "./sections";

const promo = formatUsd(PRICE_DUE_TODAY_CENTS);
const delicates = addOnPrice(DELICATES_CARE_CENTS);

export default function ServicesPage() {
  const { t } = useLingui();
  return (
    <>
      <PageMeta
        title={t`Services`}
        description={t`Wash and fold laundry subscription, delicates care, express 12-hour service and laundry for rentals and businesses across Miami-Dade.`}
      />
      <PageHeader
        eyebrow={t`Services`}
        title={t`Laundry care for every kind of week`}
        lead={<p>{t`From the family's weekly load to the sheets of a busy vacation rental, we pick up, clean, fold and deliver across Miami-Dade with eco-friendly detergents and a 24-hour standard turnaround.`}</p>}
      />

      <Section title={t`What we do`}>
        <ul className="grid gap-6 md:grid-cols-2" aria-label={t`Our services`}>
          <li>
            <FeatureCard icon="shirt" title={t`Weekly wash and fold`}>
              <p>{t`Our core subscription: two pickups a week on your chosen days. Everything is washed, dried and folded, and back at your door within 24 hours, most orders in 12-18 hours.`}</p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="feather" title={t`Delicates care`} tone="coral">
              <p>{t`Silk blouses, lace, swimwear and workout gear get a gentle cycle and careful drying, kept apart from the rest of your load. Add it to any order for ${delicates}.`}</p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="bolt" title={t`Express service`}>
              <p>{t`A trip tomorrow or guests arriving tonight? Express service gives you a 12-hour turnaround instead of 24.`}</p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="building" title={t`Rentals and businesses`} tone="coral">
              <p>{t`Linens, towels and comforters for Airbnb hosts, property managers, salons, gyms and offices, with volume discounts and custom invoices per property.`}</p>
            </FeatureCard>
          </li>
        </ul>
      </Section>

      <Section tone="white" title={t`Included with every order`}>
        <div className="grid gap-10 lg:grid-cols-2">
          <CheckList
            className="text-lg text-ink"
            items={[
              t`Pickup and delivery on your scheduled days, included in your plan`,
              t`Eco-friendly detergent: scented, or hypoallergenic for sensitive skin`,
              t`Fabric softener only if you want it`,
              t`Clothes folded and packed, ready to put away`,
              t`Help in English or Spanish, whichever you prefer`,
            ]}
          />
          <p className="text-lg leading-relaxed text-muted">
            {t`Tell us once how you like things done and we remember it for every pickup: your detergent, your softener, your gate code or call box, the unit number and where to leave the bag.`}
          </p>
        </div>
      </Section>

      <CallToAction
        title={t`See what it costs`}
        text={t`Plans start from ${promo} per week, with no hidden fees and no contract.`}
        action={{ to: "/pricing", label: t`View pricing` }}
      />
    </>
  );
}
