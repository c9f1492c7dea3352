import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";
import { LinkButton } from "../ui/button";
import { formatUsd, PRICE_DUE_TODAY_CENTS } from "#domain/prices";
import { CallToAction, FeatureCard, PageHeader, Section } from "./sections";

const promo = formatUsd(PRICE_DUE_TODAY_CENTS);

export default function AboutPage() {
  const { t } = useLingui();
  return (
    <>
      <PageMeta
        title={t`About us`}
        description={t`FreshFold is a Miami laundry pickup and delivery service: eco-friendly detergents, bilingual service, a 24-hour turnaround, no hidden fees.`}
      />
      <PageHeader
        eyebrow={t`About FreshFold`}
        title={t`A Miami laundry service built around your week`}
        lead={
          <p>
            {t`Between the commute, the heat and everything else, nobody in Miami wants to spend a Saturday at the laundromat. We started FreshFold so that clean, folded clothes simply show up at your door, every week, in English or in Spanish.`}
          </p>
        }
        illustration={{ src: "/images/about-team.svg", width: 480, height: 380 }}
      >
        <LinkButton to="/how-it-works" variant="primary">{t`See how it works`}</LinkButton>
      </PageHeader>

      <Section title={t`What we promise`}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <FeatureCard icon="clock" title={t`Back in 24 hours`}>
            {t`Our standard turnaround is 24 hours, and most orders are done in 12-18 hours.`}
          </FeatureCard>
          <FeatureCard icon="leaf" title={t`Kind to the planet`} tone="coral">
            {t`We wash with eco-friendly detergents, with a hypoallergenic option for sensitive skin.`}
          </FeatureCard>
          <FeatureCard icon="chat" title={t`Bilingual, always`}>
            {t`Talk to us in English or Spanish. Every page, e-mail and conversation comes in the language you choose.`}
          </FeatureCard>
          <FeatureCard icon="tag" title={t`Honest prices`} tone="coral">
            {t`No hidden fees. Your first week is ${promo} and you always see the weekly price before you pay.`}
          </FeatureCard>
          <FeatureCard icon="calendar" title={t`Cancel anytime`}>
            {t`No contracts and no penalties. Your plan renews weekly and you can stop it from your billing portal whenever you like.`}
          </FeatureCard>
          <FeatureCard icon="shield" title={t`Secure payments`} tone="coral">
            {t`You pay on a hosted checkout run by our card payment provider. Your card details never reach our servers.`}
          </FeatureCard>
        </div>
      </Section>

      <Section tone="white" title={t`Who we serve`}>
        <div className="grid gap-6 md:grid-cols-3">
          <FeatureCard icon="users" title={t`Residents`}>
            {t`Families, busy professionals, students and seniors who would rather spend their time on anything but laundry.`}
          </FeatureCard>
          <FeatureCard icon="bed" title={t`Hosts and property managers`} tone="coral">
            {t`Short-term rental hosts who need fresh linens between guests, with bulk discounts and custom invoices per property.`}
          </FeatureCard>
          <FeatureCard icon="briefcase" title={t`Businesses`}>
            {t`Salons, gyms, studios and offices with towels, uniforms and linens to keep clean every week.`}
          </FeatureCard>
        </div>
      </Section>

      <Section title={t`Rooted in Miami-Dade`}>
        <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-muted">
          <p>
            {t`We pick up and deliver in Downtown and Brickell, South Beach, Wynwood and the Design District, Coral Gables and Coconut Grove, Little Havana and Doral, and we are growing toward Aventura, Kendall, Hialeah and beyond.`}
          </p>
          <p>
            {t`Condo towers, gated communities, houses with a side gate: tell us your gate code, call box or building instructions once and we save them, so every pickup goes smoothly.`}
          </p>
        </div>
      </Section>

      <CallToAction
        title={t`Try us for a week`}
        text={t`Your first week is ${promo}. If it's not for you, cancel anytime.`}
        action={{ to: "/signup", label: t`Schedule Pickup` }}
        secondary={{ to: "/contact", label: t`Contact us` }}
      />
    </>
  );
}
