// The testimonials carousel's markup (no XState here): rendered at once as a still first slide, and by the
// lazily loaded live carousel (testimonials-live.tsx) with the machine's state.
import { useId } from "react";
import type { TestimonialsEvent } from "#machines/testimonials.machine";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { Icon } from "./icons";
import { formatUsd, PRICE_DUE_TODAY_CENTS } from "#domain/prices";

const promoPrice = formatUsd(PRICE_DUE_TODAY_CENTS);

export interface Testimonial {
  quote: MessageDescriptor;
  name: string;
  place: string;
  role: MessageDescriptor;
  rating: 5;
}

/** The four testimonials (product.md SITE-4), each rated 5. */
export const testimonials: Testimonial[] = [
  {
    quote: msg`I used to lose every Sunday at the laundromat. Now I leave the bag by my door in the morning and it comes back folded the next day. I got my weekends back.`,
    name: "Daniela M.",
    place: "Brickell",
    role: msg`Weekly customer`,
    rating: 5,
  },
  {
    quote: msg`My mother prefers to speak Spanish, and the team handles her pickups in Spanish without missing a beat. She chose the hypoallergenic detergent and her skin has never been happier.`,
    name: "Carlos R.",
    place: "Little Havana",
    role: msg`Orders for his mother`,
    rating: 5,
  },
  {
    quote: msg`I host three apartments in South Beach. Sheets and towels come back crisp between guests, and each property gets its own invoice, which keeps my books simple.`,
    name: "Jessica T.",
    place: "South Beach",
    role: msg`Short-term rental host`,
    rating: 5,
  },
  {
    quote: msg`Between night shifts and two kids, the laundry never stopped piling up. The first week was ${promoPrice}, so I tried it. Months later we're still on the weekly plan.`,
    name: "André W.",
    place: "Coral Gables",
    role: msg`Nurse and dad of two`,
    rating: 5,
  },
];

function Stars({ rating }: { rating: number }) {
  const { t } = useLingui();
  return (
    <div role="img" aria-label={t`${rating} out of 5 stars`} className="flex gap-1 text-coral-500">
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill={i < rating ? "currentColor" : "none"} stroke="currentColor">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </div>
  );
}

const controlClass =
  "inline-flex h-11 w-11 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-800 outline-none hover:bg-brand-50 focus-visible:ring-3 focus-visible:ring-focus";

export interface TestimonialsViewProps {
  index: number;
  rotating: boolean;
  stopped: boolean;
  /** Absent while the live carousel loads: the controls are shown but do nothing yet. */
  send?: (event: TestimonialsEvent) => void;
}

export function TestimonialsView({ index, rotating, stopped, send: dispatch }: TestimonialsViewProps) {
  const send = dispatch ?? (() => {});
  const { t, i18n } = useLingui();
  const headingId = useId();
  const slidesId = useId();
  const total = testimonials.length;

  return (
    <section aria-labelledby={headingId} aria-roledescription={t`carousel`} data-live={dispatch ? "true" : "false"} className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        <h2 id={headingId} className="text-3xl font-bold text-brand-900">{t`What Miami customers say`}</h2>
        <div
          className="mt-8"
          onMouseEnter={() => send({ type: "pointer.enter" })}
          onMouseLeave={() => send({ type: "pointer.leave" })}
          onFocus={() => send({ type: "focus.enter" })}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) send({ type: "focus.leave" });
          }}
        >
          {/* Every slide shares one grid cell, so the box keeps the tallest quote's height and nothing shifts. */}
          <div id={slidesId} aria-live={rotating ? "off" : "polite"} className="grid">
            {testimonials.map((item, i) => (
              <div
                key={item.name}
                role="group"
                aria-roledescription={t`slide`}
                aria-label={t`${i + 1} of ${total}`}
                aria-hidden={i !== index}
                className={`[grid-area:1/1] rounded-card bg-brand-50 p-6 sm:p-10 ${i === index ? "visible" : "invisible"}`}
              >
                <Stars rating={item.rating} />
                <blockquote className="mt-4 font-display text-xl leading-relaxed text-brand-900 sm:text-2xl">
                  <p>“{i18n._(item.quote)}”</p>
                </blockquote>
                <p className="mt-6 font-semibold text-ink">
                  {item.name} <span className="font-normal text-muted">· {item.place} · {i18n._(item.role)}</span>
                </p>
              </div>
            ))}
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-center gap-2">
            <button type="button" className={controlClass} aria-controls={slidesId} onClick={() => send({ type: "previous" })}>
              <span className="sr-only">{t`Previous testimonial`}</span>
              <Icon name="arrowRight" className="h-5 w-5 rotate-180" />
            </button>
            <div className="flex items-center">
              {testimonials.map((item, i) => (
                <button
                  type="button"
                  key={item.name}
                  aria-label={t`Show testimonial ${i + 1}`}
                  aria-current={i === index ? "true" : undefined}
                  aria-controls={slidesId}
                  onClick={() => send({ type: "select", index: i })}
                  className="group inline-flex h-11 w-11 items-center justify-center rounded-full outline-none focus-visible:ring-3 focus-visible:ring-focus"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-3 rounded-full transition-all ${i === index ? "w-6 bg-coral-600" : "w-3 bg-brand-200 group-hover:bg-brand-500"}`}
                  />
                </button>
              ))}
            </div>
            <button type="button" className={controlClass} aria-controls={slidesId} onClick={() => send({ type: "next" })}>
              <span className="sr-only">{t`Next testimonial`}</span>
              <Icon name="arrowRight" className="h-5 w-5" />
            </button>
            <button type="button" className={`${controlClass} ml-2`} onClick={() => send({ type: "rotation.toggle" })}>
              <span className="sr-only">{stopped ? t`Start automatic rotation` : t`Stop automatic rotation`}</span>
              <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
                {stopped ? <path d="M6 4l10 6-10 6z" /> : <path d="M5 4h3.5v12H5zM11.5 4H15v12h-3.5z" />}
              </svg>
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
