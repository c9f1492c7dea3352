// The building blocks shared by the marketing pages: page header (the one h1), titled sections, cards, call to action.
import { useId, type ReactNode } from "react";
import { LinkButton } from "../ui/link-button";
import { Icon, IconTile, type IconName } from "./icons";
import { PAGE_LEAD_ID } from "../ui/page-meta";

export interface Illustration {
  src: string;
  width: number;
  height: number;
}

/** The top of a page: eyebrow, the page's only h1, a lead paragraph, actions and an optional illustration. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  illustration,
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
  illustration?: Illustration;
}) {
  return (
    <div className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-sand-50">
      <div
        className={`mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 ${illustration ? "lg:grid-cols-[1.1fr_0.9fr]" : ""}`}
      >
        <div className={illustration ? "" : "max-w-3xl"}>
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-coral-600">{eyebrow}</p>}
          <h1 className="mt-2 text-4xl font-bold text-brand-900 sm:text-5xl sm:leading-tight">{title}</h1>
          <div id={PAGE_LEAD_ID} className="mt-5 text-lg leading-relaxed text-muted">{lead}</div>
          {children && <div className="mt-8 flex flex-wrap items-center gap-3">{children}</div>}
        </div>
        {illustration && (
          <img
            src={illustration.src}
            width={illustration.width}
            height={illustration.height}
            alt=""
            className="mx-auto h-auto w-full max-w-md"
            // The page's top illustration: fetched first from the pre-rendered HTML, its box sized before it arrives.
            fetchPriority="high"
            decoding="async"
          />
        )}
      </div>
    </div>
  );
}

/** A titled region of a page (an h2 section named by its heading). */
export function Section({
  title,
  lead,
  children,
  tone = "plain",
  className = "",
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  tone?: "plain" | "white" | "brand";
  className?: string;
}) {
  const id = useId();
  const background = tone === "white" ? "bg-white" : tone === "brand" ? "bg-brand-50" : "";
  return (
    <section aria-labelledby={id} className={`render-near-view ${background} ${className}`}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        <div className="max-w-3xl">
          <h2 id={id} className="text-3xl font-bold text-brand-900">{title}</h2>
          {lead && <div className="mt-3 text-lg leading-relaxed text-muted">{lead}</div>}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** A card with an icon, an h3 title and text; used for services, host features and reasons. */
export function FeatureCard({
  icon,
  title,
  children,
  tone = "brand",
  footer,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
  tone?: "brand" | "coral";
  footer?: ReactNode;
}) {
  return (
    <article className="flex h-full flex-col rounded-card border border-brand-100 bg-white p-6 shadow-card">
      <IconTile name={icon} tone={tone} />
      <h3 className="mt-4 text-xl font-semibold text-brand-900">{title}</h3>
      <div className="mt-2 flex-1 leading-relaxed text-muted">{children}</div>
      {footer && <div className="mt-4">{footer}</div>}
    </article>
  );
}

/** Numbered steps as an ordered list (the home explainer and How it works). */
export function Steps({ steps }: { steps: Array<{ icon: IconName; title: string; text: ReactNode }> }) {
  const columns = steps.length === 4 ? "md:grid-cols-2 lg:grid-cols-4" : "md:grid-cols-3";
  return (
    <ol className={`grid gap-6 ${columns}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-card border border-brand-100 bg-white p-6 shadow-card">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-coral-600 font-display text-lg font-bold text-white"
            >
              {index + 1}
            </span>
            <Icon name={step.icon} className="h-7 w-7 text-brand-600" />
          </div>
          <h3 className="mt-4 text-xl font-semibold text-brand-900">{step.title}</h3>
          <div className="mt-2 leading-relaxed text-muted">{step.text}</div>
        </li>
      ))}
    </ol>
  );
}

/** A list with check marks. */
export function CheckList({ items, className = "" }: { items: ReactNode[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item, index) => (
        <li key={index} className="flex items-start gap-3">
          <span className="mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Icon name="check" className="h-4 w-4" />
          </span>
          <span className="leading-relaxed">{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The closing call to action of a page. */
export function CallToAction({
  title,
  text,
  action,
  secondary,
}: {
  title: string;
  text: ReactNode;
  action: { to: string; label: string };
  secondary?: { to: string; label: string };
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="rounded-card bg-brand-800 px-6 py-10 text-center text-white shadow-card sm:px-12 sm:py-14">
        <h2 id={id} className="text-3xl font-bold">{title}</h2>
        <div className="mx-auto mt-3 max-w-2xl text-lg leading-relaxed text-brand-50">{text}</div>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <LinkButton to={action.to} variant="accent">{action.label}</LinkButton>
          {secondary && (
            <LinkButton to={secondary.to} variant="secondary">{secondary.label}</LinkButton>
          )}
        </div>
      </div>
    </section>
  );
}
