import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";
import { brand } from "../config/brand";
import { comingSoonAreas, serviceAreas } from "#domain/service-areas";
import { formatUsd, PRICE_DUE_TODAY_CENTS, PRICE_WEEKLY_CENTS } from "#domain/prices";
import { addOnPrice, DELICATES_CARE_CENTS, HYPOALLERGENIC_DETERGENT_CENTS } from "./add-ons";
import { CompanyDetails, LegalPage } from "./legal";

const promo = formatUsd(PRICE_DUE_TODAY_CENTS);
const weekly = formatUsd(PRICE_WEEKLY_CENTS);
const delicates = addOnPrice(DELICATES_CARE_CENTS);
const hypoallergenic = addOnPrice(HYPOALLERGENIC_DETERGENT_CENTS);

export default function TermsPage() {
  const { t } = useLingui();
  const company = brand.name;
  const areas = serviceAreas.map((area) => `${area.name} (${area.zipCodes.join(", ")})`).join("; ");
  const comingSoon = comingSoonAreas.join(", ");
  return (
    <>
      <PageMeta
        title={t`Terms of service`}
        description={t`The terms of FreshFold's weekly laundry subscription: ${promo} for the first week, then ${weekly} per week plus applicable tax, renews weekly, cancel anytime.`}
      />
      <LegalPage
        title={t`Terms of service`}
        lead={<p>{t`These terms explain, in plain words, what you can expect from ${company} and what we ask of you when you subscribe to our laundry pickup and delivery service.`}</p>}
        sections={[
          {
            title: t`The service`,
            body: (
              <>
                <p>{t`We pick up your laundry at the address you give us on your two weekly pickup days, wash, dry and fold it with eco-friendly detergents, and deliver it back. Our standard turnaround is 24 hours from pickup, and most orders are done in 12-18 hours.`}</p>
                <p>{t`The weekdays of the two pickup days you choose for your first week repeat every week while your subscription is active.`}</p>
              </>
            ),
          },
          {
            title: t`Where we work`,
            body: (
              <>
                <p>{t`We serve these areas of Miami-Dade, by ZIP code: ${areas}.`}</p>
                <p>{t`Coming soon: ${comingSoon}. We can only accept sign-ups for addresses in the areas we serve.`}</p>
              </>
            ),
          },
          {
            title: t`Prices and payment`,
            body: (
              <>
                <ul>
                  <li>{t`First Week Promo: ${promo} for your first week, charged when you sign up.`}</li>
                  <li>{t`Weekly Plan: ${weekly} per week after that, charged every week from your renewal date, which is the Sunday on or after your first pickup day (the same day if it is a Sunday).`}</li>
                  <li>{t`Prices are in US dollars, plus applicable tax. There are no hidden fees: pickup and delivery are included.`}</li>
                </ul>
                <p>{t`You pay by card on the hosted checkout of our card payment provider, which also runs your billing portal. Your card details never touch our server.`}</p>
              </>
            ),
          },
          {
            title: t`Extras`,
            body: (
              <>
                <p>{t`Once you are a customer you can add extras to later orders. They are never charged at sign-up, and your detergent and softener choices made at sign-up are included in your plan.`}</p>
                <ul>
                  <li>{t`Delicates care: ${delicates} per order.`}</li>
                  <li>{t`Hypoallergenic detergent: ${hypoallergenic} per order.`}</li>
                  <li>{t`Express service: 12-hour turnaround instead of 24, priced when you ask for it.`}</li>
                  <li>{t`Stain treatment: priced when you ask for it.`}</li>
                </ul>
              </>
            ),
          },
          {
            title: t`Renewal and canceling`,
            body: (
              <p>
                {t`Your subscription renews every week until you cancel. You can cancel anytime from your billing portal, with no contract and no cancellation fee. Canceling stops the next weekly charge and the pickups that would follow it.`}
              </p>
            ),
          },
          {
            title: t`Your part`,
            body: (
              <ul>
                <li>{t`Give us a correct address, phone number and any access instructions we need: gate code, call box, unit number, opening hours or parking notes.`}</li>
                <li>{t`Have your laundry ready where we agreed on your pickup days.`}</li>
                <li>{t`Check your pockets, and tell us about stains or garments that need special care.`}</li>
                <li>{t`Do not send items that are hazardous, soiled with chemicals, or that must be dry-cleaned only.`}</li>
              </ul>
            ),
          },
          {
            title: t`Our part`,
            body: (
              <p>
                {t`We treat your clothes with care and follow their care labels. If something is missing or damaged, tell us as soon as you can and we will look into it with you and make it right fairly.`}
              </p>
            ),
          },
          {
            title: t`Questions`,
            body: (
              <>
                <p>{t`Write to us or call us in English or Spanish:`}</p>
                <CompanyDetails />
                <p>
                  <Trans>
                    How we handle your data is explained in our <Link to="/privacy">Privacy notice</Link>.
                  </Trans>
                </p>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
