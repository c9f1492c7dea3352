// /faq: four category tabs, three single-open questions each, and the ways to reach us.
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { brand } from "../config/brand";
import { BuyerFacts } from "../ui/buyer-facts";
import { comingSoonAreas, serviceAreas } from "#domain/service-areas";
import { useLanguage } from "../i18n/language-provider";
import { Disclosure, DisclosureGroup } from "../ui/disclosure";
import { LinkButton } from "../ui/button";
import { PAGE_LEAD_ID, PageMeta } from "../ui/page-meta";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs";
import { placeName } from "../areas/area-names";

type CategoryId = "general" | "pricing" | "service" | "eco";
interface Question {
  id: string;
  question: MessageDescriptor;
  answer: MessageDescriptor;
}

const categories: Array<{ id: CategoryId; label: MessageDescriptor; questions: Question[] }> = [
  {
    id: "general",
    label: msg`General`,
    questions: [
      {
        id: "how-it-works",
        question: msg`How does the service work?`,
        answer: msg`Sign up online, choose your detergent and your two weekly pickup days, and leave your laundry bag at your door on those days. We pick it up, wash, dry and fold everything, and bring it back within 24 hours. It repeats every week until you cancel.`,
      },
      {
        id: "areas",
        question: msg`Which areas do you serve?`,
        answer: msg`Today we serve {areas}. Coming soon: {comingSoon}. See the service areas page for every ZIP code and delivery time.`,
      },
      {
        id: "home",
        question: msg`Do I need to be home for pickup and delivery?`,
        answer: msg`No. Leave your bag at your door, with the concierge or at the front desk. At sign-up you can give us your gate code, call box code and any instructions for your building, so we can get in without calling you.`,
      },
    ],
  },
  {
    id: "pricing",
    label: msg`Pricing`,
    questions: [
      {
        id: "cost",
        question: msg`How much does it cost?`,
        answer: msg`Your first week is $19.99. After that the Weekly Plan is $29.99 per week, plus applicable tax. That includes both weekly pickups, washing, drying, folding and delivery, with no hidden fees.`,
      },
      {
        id: "cancel",
        question: msg`Can I cancel anytime?`,
        answer: msg`Yes. Your plan renews every week and you can cancel anytime from the billing portal, with no cancellation fee. The link to the portal is in your welcome email.`,
      },
      {
        id: "add-ons",
        question: msg`Do you offer add-ons?`,
        answer: msg`Yes, for your later orders: delicates care (+$4), hypoallergenic detergent (+$2), express service with a 12-hour turnaround instead of 24, and stain treatment. The detergent and fabric softener you choose at sign-up are already included in your plan.`,
      },
    ],
  },
  {
    id: "service",
    label: msg`Service`,
    questions: [
      {
        id: "turnaround",
        question: msg`How fast will I get my laundry back?`,
        answer: msg`Our standard turnaround is 24 hours, and most orders are done in 12 to 18 hours. Need it faster? Express service brings it back in 12 hours.`,
      },
      {
        id: "pickup-days",
        question: msg`How do the two weekly pickup days work?`,
        answer: msg`When you sign up you pick two days in your first week. Those two weekdays become your pickup days and repeat every week, so you always know when we're coming.`,
      },
      {
        id: "spanish",
        question: msg`Can I get service in Spanish?`,
        answer: msg`Of course. Our team is bilingual: you can sign up, write to us and talk to us in English or Spanish, and your emails arrive in the language you choose.`,
      },
    ],
  },
  {
    id: "eco",
    label: msg`Eco-friendly`,
    questions: [
      {
        id: "detergents",
        question: msg`What detergents do you use?`,
        answer: msg`We wash with eco-friendly detergents that are gentle on your clothes, your skin and Miami's waters. At sign-up you choose scented or hypoallergenic, and you can add fabric softener.`,
      },
      {
        id: "sensitive",
        question: msg`Is there an option for sensitive skin?`,
        answer: msg`Yes. Choose the hypoallergenic detergent at sign-up and every load is washed with it, free of dyes and perfumes. It's a good choice for babies and for anyone with allergies.`,
      },
      {
        id: "greener",
        question: msg`How is a pickup service greener than doing it myself?`,
        answer: msg`We plan our routes by neighborhood on fixed weekly days, so one van replaces many separate trips to the laundromat, and we wash full loads instead of half-empty ones.`,
      },
    ],
  },
];

const withValues = (descriptor: MessageDescriptor, values: Record<string, string>): MessageDescriptor => ({ ...descriptor, values });

export default function FaqPage() {
  const { t, i18n } = useLingui();
  const { language } = useLanguage();
  const list = (names: string[]) => new Intl.ListFormat(language === "es" ? "es" : "en", { type: "conjunction" }).format(names);
  const values = {
    areas: list(serviceAreas.map((a) => placeName(a.name, language))),
    comingSoon: list(comingSoonAreas),
  };

  return (
    <>
      <PageMeta
        title={t`Frequently asked questions`}
        description={t`Answers about weekly laundry pickup in Miami-Dade: pricing, turnaround, pickup days, service areas and our eco-friendly detergents.`}
        structuredData={{
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: categories.flatMap((category) =>
            category.questions.map((q) => ({
              "@type": "Question",
              name: i18n._(q.question),
              acceptedAnswer: { "@type": "Answer", text: i18n._(withValues(q.answer, values)) },
            })),
          ),
        }}
      />
      <section className="bg-gradient-to-b from-brand-50 to-sand-50">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:px-6 lg:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-coral-600">{t`Help center`}</p>
          <h1 className="mt-2 text-4xl font-bold text-brand-900 sm:text-5xl">{t`Frequently asked questions`}</h1>
          <p id={PAGE_LEAD_ID} className="mx-auto mt-4 max-w-2xl text-lg text-muted">
            {t`Everything you need to know about weekly laundry pickup and delivery, from prices to detergents.`}
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <Tabs defaultSelectedKey="general">
          <TabList aria-label={t`Question categories`}>
            {categories.map((category) => (
              <Tab key={category.id} id={category.id}>{i18n._(category.label)}</Tab>
            ))}
          </TabList>
          {categories.map((category) => (
            // Every answer in the page's HTML, as its FAQPage structured data lists them all (search engines ask it).
            <TabPanel key={category.id} id={category.id} shouldForceMount>
              <h2 className="sr-only">{i18n._(category.label)}</h2>
              <DisclosureGroup>
                {category.questions.map((q) => (
                  <Disclosure key={q.id} id={q.id} title={i18n._(q.question)}>
                    <p>{i18n._(withValues(q.answer, values))}</p>
                  </Disclosure>
                ))}
              </DisclosureGroup>
            </TabPanel>
          ))}
        </Tabs>
      </div>

      <section aria-labelledby="faq-facts-heading" className="mx-auto max-w-4xl px-4 pt-8 sm:px-6">
        <h2 id="faq-facts-heading" className="text-2xl font-bold text-brand-900">{t`What your plan covers`}</h2>
        <BuyerFacts className="mt-4" />
      </section>

      <section aria-labelledby="faq-contact-heading" className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-card bg-brand-900 p-6 text-white sm:p-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="faq-contact-heading" className="text-2xl font-bold">{t`Still have questions?`}</h2>
            <p className="mt-2 text-brand-100">
              <Trans>
                Call or text us at <a href={brand.phoneHref} className="font-semibold text-white underline underline-offset-4">{brand.phone}</a>, or send us a message and we'll reply within 1 business day.
              </Trans>
            </p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <LinkButton to="/contact" variant="secondary">{t`Contact us`}</LinkButton>
            <LinkButton to="/signup" variant="accent">{t`Schedule Pickup`}</LinkButton>
          </div>
        </div>
      </section>
    </>
  );
}
