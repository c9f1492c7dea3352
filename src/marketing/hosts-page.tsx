import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";
import { LinkButton } from "../ui/button";
import { CallToAction, CheckList, FeatureCard, PageHeader, Section } from "./sections";

export default function HostsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageMeta
        title={t`Laundry for Airbnb hosts`}
        description={t`Linen and towel laundry for Airbnb hosts and property managers in Miami-Dade: volume discounts, flexible schedules and custom invoices per property.`}
      />
      <PageHeader
        eyebrow={t`For Airbnb hosts and property managers`}
        title={t`Fresh linens between every guest`}
        lead={<p>{t`Turnovers are tight in Miami. We pick up sheets, towels and comforters from your properties, clean them with eco-friendly detergents and bring them back folded and ready for the next check-in.`}</p>}
        illustration={{ src: "/images/hosts-linens.svg", width: 480, height: 360 }}
      >
        <LinkButton to="/contact" variant="accent">{t`Talk to us about your properties`}</LinkButton>
      </PageHeader>

      <Section title={t`Made for short-term rentals`}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Host features`}>
          <li>
            <FeatureCard icon="percent" title={t`Volume discounts`}>
              <p>{t`The more properties and loads you send us, the lower your price per load. Bulk rates are set with you up front.`}</p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="calendar" title={t`Flexible schedules`} tone="coral">
              <p>{t`Pickups that follow your booking calendar, including back-to-back turnovers and busy weekends.`}</p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="bed" title={t`Linens and comforters welcome`}>
              <p>{t`Sheets, pillowcases, bath and beach towels, duvets and comforters: we handle the bulky pieces too.`}</p>
            </FeatureCard>
          </li>
          <li>
            <FeatureCard icon="receipt" title={t`Custom invoices`} tone="coral">
              <p>{t`One invoice per property or per owner, so your accounting and your owners' statements stay simple.`}</p>
            </FeatureCard>
          </li>
        </ul>
      </Section>

      <Section tone="white" title={t`Why hosts work with us`}>
        <CheckList
          className="max-w-3xl text-lg text-ink"
          items={[
            t`24-hour standard turnaround, most orders in 12-18 hours, and express 12-hour service when a check-in is close`,
            t`Eco-friendly detergents, with a hypoallergenic option for guests with allergies`,
            t`Bilingual service for you, your cleaners and your building staff`,
            t`No hidden fees: the rates we agree are the rates you pay`,
          ]}
        />
      </Section>

      <CallToAction
        title={t`Tell us about your properties`}
        text={t`How many units, where they are and how often you turn them over. We'll reply within 1 business day with a plan and your volume rate.`}
        action={{ to: "/contact", label: t`Contact us` }}
      />
    </>
  );
}
