import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageMeta } from "../ui/page-meta";
import { brand } from "../config/brand";
import { CompanyDetails, LegalPage } from "./legal";

export default function PrivacyPage() {
  const { t } = useLingui();
  const company = brand.name;
  return (
    <>
      <PageMeta
        title={t`Privacy notice`}
        description={t`What FreshFold collects when you sign up, pay, write to us or join the newsletter, why, who helps us, and how to reach us about your data.`}
      />
      <LegalPage
        title={t`Privacy notice`}
        lead={<p>{t`In plain words: what this website and ${company} collect about you, why, who helps us handle it, and what you can ask of us. We only collect what we need to pick up, clean and deliver your laundry and to bill you for it.`}</p>}
        sections={[
          {
            title: t`What you give us when you sign up`,
            body: (
              <>
                <p>{t`To set up your weekly service, the sign-up asks for:`}</p>
                <ul>
                  <li>{t`your first and last name, e-mail address and phone number;`}</li>
                  <li>{t`your address: street and number, unit, ZIP code, city, state and country;`}</li>
                  <li>{t`how to reach your door: building type, building name, gate code, call box or access code, opening and closing hours and parking notes for businesses, business name, and any other instructions you add;`}</li>
                  <li>{t`your preferences: scented or hypoallergenic detergent, fabric softener or not, and your two weekly pickup days;`}</li>
                  <li>{t`the language you use on the site, so our e-mails reach you in English or Spanish.`}</li>
                </ul>
                <p>{t`You also confirm that you agree to be contacted about your service and that you accept our terms. We use these details only to run your pickups and deliveries, to bill you and to talk to you about your service.`}</p>
              </>
            ),
          },
          {
            title: t`Payments`,
            body: (
              <p>
                {t`You pay by card on a checkout page hosted by our card payment provider, and you manage your subscription in the billing portal they host. Your card details go straight to them and never touch our server. We receive only what we need: whether the payment went through and the state of your subscription. The provider handles your payment data under its own privacy policy.`}
              </p>
            ),
          },
          {
            title: t`What stays in your browser`,
            body: (
              <>
                <p>{t`This site sets no advertising cookies and loads no tracking scripts. It keeps a few things in your own browser:`}</p>
                <ul>
                  <li>{t`your language choice, in local storage, so the site opens in the same language next time;`}</li>
                  <li>{t`your sign-up form while you fill it in, in session storage, so a reload or a return from checkout does not lose your answers. Session storage is erased when you close the tab.`}</li>
                </ul>
                <p>{t`When address suggestions are switched on, the letters you type in the address field are sent to Google's Places service to suggest matching addresses.`}</p>
              </>
            ),
          },
          {
            title: t`E-mails we send`,
            body: (
              <p>
                {t`After you pay we send a welcome e-mail with the details of your service and the way to your billing portal. We write to you about your pickups and your subscription. Newsletters only go to people who subscribe to them, and every newsletter lets you unsubscribe.`}
              </p>
            ),
          },
          {
            title: t`Contact messages and the newsletter`,
            body: (
              <>
                <p>{t`When you write to us through the contact form we keep your name, e-mail, phone number if you give it, business name for commercial requests, and your message, and we forward it to our team's inbox so someone can answer you within 1 business day.`}</p>
                <p>{t`When you join the newsletter we keep your e-mail address and your language, once, to send you the newsletter.`}</p>
              </>
            ),
          },
          {
            title: t`Who helps us`,
            body: (
              <>
                <p>{t`We never sell your data. We share it only with the services that help us run the business, each for its own task:`}</p>
                <ul>
                  <li>{t`our card payment provider, for checkout, billing and the billing portal;`}</li>
                  <li>{t`our e-mail delivery service, to send our e-mails;`}</li>
                  <li>{t`Google's Places service, for address suggestions when they are switched on.`}</li>
                </ul>
                <p>{t`Our server also sees your IP address, as every website does, to deliver the pages and to limit abuse of our forms.`}</p>
              </>
            ),
          },
          {
            title: t`How long we keep it`,
            body: (
              <p>
                {t`If you leave checkout without paying, we delete the sign-up you started. Customer details are kept while you are subscribed and afterwards only as long as tax and accounting rules require. You can cancel anytime; canceling stops your weekly renewal, and you can also ask us to delete your details.`}
              </p>
            ),
          },
          {
            title: t`Your choices and how to reach us`,
            body: (
              <>
                <p>{t`You can ask us for a copy of your data, to correct it or to delete it, and you can unsubscribe from the newsletter at any time. Write to us or call us:`}</p>
                <CompanyDetails />
                <p>
                  <Trans>
                    The rules of the service itself are in our <Link to="/terms">Terms of service</Link>.
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
