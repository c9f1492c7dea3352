// /service-areas: the six areas of product.md AREA-1 as toggling cards, the coming-soon list, and the two calls to action.
import { useId, useState } from "react";
import { Link } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { comingSoonAreas, serviceAreas, type ServiceArea } from "#domain/service-areas";
import { deliveryTimeLabel } from "../areas/delivery-time";
import { ZipCheckSlot } from "../areas/zip-check-still";
import { useLanguage } from "../i18n/language-provider";
import { LinkButton } from "../ui/button";
import { PAGE_LEAD_ID, PageMeta } from "../ui/page-meta";
import { placeName } from "../areas/area-names";

/** A line about each area for the detail panel, keyed by the service area's slug (src/domain/service-areas.ts). */
const areaBlurb: Record<string, MessageDescriptor> = {
  "downtown-brickell": msg`High-rise living made easy: leave your bag with the concierge or at your door and we handle the rest, with same-day delivery.`,
  "south-beach-mid-beach": msg`Beach towels, swimwear and vacation rentals: we pick up along Collins and the side streets, from South Pointe to Mid-Beach.`,
  "wynwood-design-district": msg`For lofts, studios and the galleries and cafés around them: weekly pickups that fit a busy creative schedule.`,
  "coral-gables-coconut-grove": msg`Family homes, gated streets and tree-lined condos: add your gate code at sign-up and we'll take care of the rest.`,
  "little-havana-flagami": msg`Right in the heart of the Calle Ocho neighborhood, with a team that speaks your language, in English or Spanish.`,
  "doral-airport": msg`Homes, offices and crews near the airport: your laundry comes back the next day, folded and ready to pack.`,
};

const zipTotal = serviceAreas.reduce((sum, area) => sum + area.zipCodes.length, 0);

export default function ServiceAreasPage() {
  const { t } = useLingui();
  return (
    <>
      <PageMeta
        title={t`Service areas`}
        description={t`Weekly laundry pickup and delivery in Downtown, Brickell, South Beach, Wynwood, Coral Gables, Doral and more: neighborhoods, delivery times and ZIP codes.`}
      />
      <section className="bg-gradient-to-b from-brand-50 to-sand-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.3fr_1fr] lg:py-16">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-coral-600">{t`Service areas`}</p>
            <h1 className="mt-2 text-4xl font-bold text-brand-900 sm:text-5xl">{t`Laundry pickup across Miami-Dade`}</h1>
            <p id={PAGE_LEAD_ID} className="mt-4 max-w-2xl text-lg text-muted">
              {t`We pick up at your door and bring your laundry back clean and folded in six areas of Miami-Dade. Open an area to see its ZIP codes.`}
            </p>
            <div className="mt-6">
              <p className="mb-2 font-semibold text-brand-900">{t`Check your ZIP code`}</p>
              <ZipCheckSlot />
            </div>
            <dl className="mt-8 grid max-w-lg gap-3 text-center min-[20em]:grid-cols-3">
              <Stat value={String(serviceAreas.length)} label={t`areas`} />
              <Stat value={String(zipTotal)} label={t`ZIP codes`} />
              <Stat value={t`Same day`} label={t`in Downtown & Brickell`} />
            </dl>
          </div>
          <MapIllustration />
        </div>
      </section>

      <section aria-labelledby="areas-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="areas-heading" className="text-3xl font-bold text-brand-900">{t`Where we pick up today`}</h2>
        <p className="mt-2 text-muted">{t`Tap an area for its ZIP codes and details.`}</p>
        <ul className="mt-8 grid items-start gap-5 md:grid-cols-2 lg:grid-cols-3">
          {serviceAreas.map((area) => (
            <li key={area.slug}>
              <AreaCard area={area} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="coming-soon-heading" className="mx-auto max-w-6xl px-4 py-4 sm:px-6">
        <div className="rounded-card border border-coral-300 bg-coral-100/50 p-6 sm:p-10">
          <h2 id="coming-soon-heading" className="text-3xl font-bold text-brand-900">{t`Coming soon`}</h2>
          <p className="mt-2 max-w-2xl text-ink">
            {t`We're growing across Miami-Dade. Don't see your neighborhood yet? Tell us where you live: every request helps us decide where to go next.`}
          </p>
          <ul className="mt-6 flex flex-wrap gap-3" aria-label={t`Areas coming soon`}>
            {comingSoonAreas.map((place) => (
              <li key={place}>
                <Link
                  to={`/contact?type=residential&area=${encodeURIComponent(place)}`}
                  aria-label={t`Request service in ${place}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-200 bg-white px-4 py-2 font-medium text-brand-900 hover:border-brand-500 hover:bg-brand-50"
                >
                  <PinIcon className="text-coral-600" />
                  {place}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <LinkButton to="/contact?type=residential" variant="primary">{t`Request service in my area`}</LinkButton>
            <LinkButton to="/signup" variant="accent">{t`Schedule Pickup`}</LinkButton>
          </div>
        </div>
      </section>
    </>
  );
}

function AreaCard({ area }: { area: ServiceArea }) {
  const { t, i18n } = useLingui();
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = placeName(area.name, language);
  return (
    <article className={`rounded-card border bg-white shadow-card transition-colors ${open ? "border-brand-500" : "border-brand-100"}`}>
      <h3 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-start gap-4 rounded-card p-5 text-left hover:bg-brand-50/60"
        >
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
            <PinIcon />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-display text-lg font-bold text-brand-900">{name}</span>
            <span className="mt-1 block text-sm text-muted">{area.neighborhoods.map((n) => placeName(n, language)).join(" · ")}</span>
            <span className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold text-brand-800">
              <ClockIcon />
              <span>
                {t`Delivery:`} {i18n._(deliveryTimeLabel[area.deliveryTime])}
              </span>
            </span>
          </span>
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" className={`mt-1 shrink-0 text-brand-600 transition-transform ${open ? "rotate-180" : ""}`}>
            <path d="M5 8l5 5 5-5" />
          </svg>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-brand-100 px-5 pb-5 pt-4">
        <p className="text-sm text-ink">{i18n._(areaBlurb[area.slug] ?? msg`Weekly pickup and delivery at your door.`)}</p>
        <h4 className="mt-4 text-sm font-semibold text-brand-900">{t`ZIP codes`}</h4>
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t`ZIP codes in ${name}`}>
          {area.zipCodes.map((zip) => (
            <li key={zip} className="rounded-md bg-brand-50 px-2.5 py-1 font-mono text-sm font-semibold text-brand-800">{zip}</li>
          ))}
        </ul>
        <Link to="/signup" className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
          {t`Schedule a pickup in ${name}`}
        </Link>
      </div>
    </article>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-card bg-white px-2 py-4 shadow-card">
      <dt className="sr-only">{label}</dt>
      <dd className="font-display text-xl font-bold text-brand-800 sm:text-2xl">{value}</dd>
      <dd aria-hidden="true" className="mt-1 text-xs text-muted sm:text-sm">{label}</dd>
    </div>
  );
}

function PinIcon({ className = "" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

/** A stylised coastline with pins: decoration only. */
function MapIllustration() {
  return (
    <svg viewBox="0 0 320 240" className="hidden h-auto w-full max-w-sm justify-self-center lg:block" aria-hidden="true">
      <rect x="0" y="0" width="320" height="240" rx="24" fill="#d3eef1" />
      <path d="M0 0h190c-10 40 8 70-6 110s10 80 0 130H0z" fill="#fcfaf5" />
      <path d="M220 30c14 30 6 60 16 90s-4 70 6 100" stroke="#a8dce3" strokeWidth="10" fill="none" strokeLinecap="round" />
      <path d="M30 60h140M30 120h150M30 180h150M70 20v200M130 20v200" stroke="#eef8f9" strokeWidth="6" />
      {[
        [150, 70, "#0e5e6f"],
        [110, 110, "#0e5e6f"],
        [228, 96, "#0e5e6f"],
        [95, 165, "#0e5e6f"],
        [60, 95, "#0e5e6f"],
        [40, 150, "#0e5e6f"],
        [160, 25, "#f0694a"],
        [60, 215, "#f0694a"],
      ].map(([x, y, color]) => (
        <g key={`${x}-${y}`} transform={`translate(${x} ${y})`}>
          <path d="M0 14s-10-9-10-16a10 10 0 0120 0c0 7-10 16-10 16z" fill={color as string} transform="translate(0 -14)" />
          <circle cx="0" cy="-16" r="3.5" fill="#fff" />
        </g>
      ))}
    </svg>
  );
}
