import { lazy, Suspense, useRef, useState } from "react";
import { useNearViewport } from "../ui/use-near-viewport";
import { Link } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";
import { LinkButton } from "../ui/link-button";
import { formatUsd, PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS } from "#domain/prices";
import { CallToAction, CheckList, FeatureCard, PageHeader, Section, Steps } from "./sections";
import { Icon } from "./icons";
import { TestimonialsView } from "./testimonials";
import { FaqPreviewStill, type FaqPreviewItem } from "./faq-preview";
import { loadPageCode } from "../loading/stale-build";
import { ZipCheckSlot } from "../areas/zip-check-still";

const LiveTestimonials = lazy(() => loadPageCode(() => import("./testimonials-live")));
const LiveFaqPreview = lazy(() => loadPageCode(() => import("./faq-preview-live")));

const promo = formatUsd(PRICE_DUE_TODAY_CENTS);
const weekly = formatUsd(PRICE_WEEKLY_CENTS);

export default function HomePage() {
  const { t } = useLingui();
  // The FAQ preview's and the carousel's live code loads only once the visitor nears the FAQ preview (the carousel
  // comes right after it): until then, and on a phone that never scrolls there, their still copies, which have
  // the same look and already work, stand in (and are what the page is pre-rendered with).
  const [faqArea, nearLiveParts] = useNearViewport();
  const [faqOpen, setFaqOpen] = useState<string | null>(null);
  const faqFocused = useRef<string | null>(null);
  const stillSlide = <TestimonialsView index={0} rotating={false} stopped={false} />;
  const faq: FaqPreviewItem[] = [
    {
      id: "pickup",
      title: t`How does pickup and delivery work?`,
      text: t`When you sign up you choose two pickup days for your first week, and those weekdays repeat every week. Leave your laundry bag at the door on those days and we bring it back clean and folded, usually within 24 hours.`,
    },
    {
      id: "price",
      title: t`How much does it cost?`,
      text: t`Your first week is ${promo}. After that the Weekly Plan is ${weekly} per week, plus applicable tax. There are no hidden fees and you can cancel anytime.`,
    },
    {
      id: "areas",
      title: t`Which areas do you serve?`,
      text: t`We serve Downtown and Brickell, South Beach and Mid-Beach, Wynwood and the Design District, Coral Gables and Coconut Grove, Little Havana and Flagami, and Doral and the airport area. Enter your ZIP code when you sign up and we'll confirm it.`,
    },
  ];
  const faqPreview = { items: faq, open: faqOpen, onOpenChange: setFaqOpen, focusedRef: faqFocused };
  const faqStill = <FaqPreviewStill {...faqPreview} />;
  return (
    <>
      <PageMeta
        title={t`Laundry pickup and delivery in Miami`}
        description={t`Weekly laundry pickup and delivery across Miami-Dade: washed with eco-friendly detergents, folded and back at your door in 24 hours. First week ${promo}.`}
      />
      <PageHeader
        eyebrow={t`Laundry pickup and delivery in Miami-Dade`}
        title={t`Laundry day, handled.`}
        lead={
          <>
            <p>{t`We pick up your laundry at your door, wash it with eco-friendly detergents and bring it back clean and folded. Standard turnaround is 24 hours, and most orders are done in 12-18 hours.`}</p>
            <p className="mt-3 font-semibold text-brand-800">{t`Plans start from ${promo} per week. No hidden fees, cancel anytime.`}</p>
            <div className="mt-6 text-base">
              <p className="mb-2 font-semibold text-brand-900">{t`Do we pick up at your door? Check your ZIP code.`}</p>
              <ZipCheckSlot />
            </div>
          </>
        }
        illustration={{ src: "/images/hero-pickup.svg", width: 480, height: 400 }}
      >
        <LinkButton to="/signup" variant="accent">{t`Schedule Pickup`}</LinkButton>
        <LinkButton to="/pricing" variant="secondary">{t`See plans and pricing`}</LinkButton>
      </PageHeader>

      <Section title={t`How it works in three steps`} lead={t`No laundromat runs, no waiting around for the dryer. Here is your week with us.`}>
        <Steps
          steps={[
            {
              icon: "calendar",
              title: t`Schedule online`,
              text: t`Sign up in a few minutes and choose your two weekly pickup days. Tell us your detergent and softener preferences once.`,
            },
            {
              icon: "door",
              title: t`We pick up`,
              text: t`Leave your bag at the door, with the doorman or in the lobby. Our driver collects it on the day you chose.`,
            },
            {
              icon: "basket",
              title: t`Fresh and folded`,
              text: t`Your clothes come back washed, dried and neatly folded within 24 hours, most orders in 12-18 hours.`,
            },
          ]}
        />
        <p className="mt-8">
          <Link to="/how-it-works" className="-my-2.5 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline decoration-2 underline-offset-4 hover:text-brand-900">
            {t`See every step in detail`}
            <Icon name="arrowRight" className="h-5 w-5" />
          </Link>
        </p>
      </Section>

      <Section tone="white" title={t`Why Miami chooses FreshFold`}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <FeatureCard icon="clock" title={t`24-hour turnaround`}>
            {t`Standard turnaround is 24 hours from pickup, and most orders are back in 12-18 hours.`}
          </FeatureCard>
          <FeatureCard icon="leaf" title={t`Eco-friendly detergents`} tone="coral">
            {t`Gentle on your clothes, your skin and Biscayne Bay. Choose scented or hypoallergenic.`}
          </FeatureCard>
          <FeatureCard icon="chat" title={t`Service in English and Spanish`}>
            {t`Our whole service is bilingual, from this website to the e-mails and the people who answer your call.`}
          </FeatureCard>
          <FeatureCard icon="tag" title={t`No hidden fees`} tone="coral">
            {t`Pickup and delivery are part of your plan. You see your weekly price, plus applicable tax, before you pay.`}
          </FeatureCard>
          <FeatureCard icon="calendar" title={t`Cancel anytime`}>
            {t`Your plan renews week by week. Stop whenever you want from your billing portal, with no contract and no penalty.`}
          </FeatureCard>
          <FeatureCard icon="building" title={t`Built for hosts too`} tone="coral">
            {t`Bulk discounts and custom per-property invoices for Airbnb hosts and property managers.`}
          </FeatureCard>
        </div>
      </Section>

      <Section title={t`What you get every week`}>
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <CheckList
            className="text-lg text-ink"
            items={[
              t`Two pickups a week, on the weekdays you choose`,
              t`Your laundry washed, dried and neatly folded, ready to put away`,
              t`Your preferences remembered: scented or hypoallergenic detergent, fabric softener or not`,
              t`Gate codes, call boxes and building instructions saved for every pickup`,
              t`Secure card payment through a hosted checkout, and a billing portal to manage your plan`,
              t`Hours of your weekend back for the beach, the family or a cafecito`,
            ]}
          />
          <div className="rounded-card border border-brand-100 bg-white p-6 shadow-card sm:p-8">
            <p className="text-sm font-semibold uppercase tracking-wider text-coral-600">{t`First Week Promo`}</p>
            <p className="mt-3 font-display text-5xl font-bold text-brand-900">{promo}</p>
            <p className="mt-2 text-muted">{t`for your first week, then ${weekly} per week, plus applicable tax.`}</p>
            <LinkButton to="/pricing" variant="primary" className="mt-6 w-full sm:w-auto">{t`Compare plans`}</LinkButton>
          </div>
        </div>
      </Section>

      <Section tone="brand" title={t`Questions we hear a lot`}>
        {/* The still accordion has the live one's markup, so nothing moves when react-aria's takes over. */}
        <div ref={faqArea}>
          <Suspense fallback={faqStill}>
            {nearLiveParts ? <LiveFaqPreview {...faqPreview} /> : faqStill}
          </Suspense>
        </div>
        <p className="mt-6">
          <Link to="/faq" className="-my-2.5 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline decoration-2 underline-offset-4 hover:text-brand-900">
            {t`Read all the questions and answers`}
            <Icon name="arrowRight" className="h-5 w-5" />
          </Link>
        </p>
      </Section>

      {/* The still first slide has the same markup, so nothing moves when the live carousel takes over. It is
          what the pre-rendered page shows: the live one follows the visitor's motion preference, so it starts
          after hydration, once the visitor nears the FAQ preview. */}
      <Suspense fallback={stillSlide}>{nearLiveParts ? <LiveTestimonials /> : stillSlide}</Suspense>

      <CallToAction
        title={t`Ready to hand off laundry day?`}
        text={t`Your first week is ${promo}, then ${weekly} per week. No hidden fees, cancel anytime.`}
        action={{ to: "/signup", label: t`Schedule Pickup` }}
        secondary={{ to: "/service-areas", label: t`Check your area` }}
      />
    </>
  );
}
