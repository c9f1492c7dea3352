// The layout shared by the Privacy and Terms pages: a header, then numbered plain-language sections.
import { useId, type ReactNode } from "react";
import { brand } from "../config/brand";
import { PAGE_LEAD_ID } from "../ui/page-meta";

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export function LegalPage({ title, lead, sections }: { title: string; lead: ReactNode; sections: LegalSection[] }) {
  return (
    <div className="bg-sand-50">
      <div className="bg-gradient-to-b from-brand-50 to-sand-50">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 className="text-4xl font-bold text-brand-900 sm:text-5xl">{title}</h1>
          <div id={PAGE_LEAD_ID} className="mt-5 text-lg leading-relaxed text-muted">{lead}</div>
        </div>
      </div>
      <div className="mx-auto max-w-3xl space-y-10 px-4 pb-8 sm:px-6">
        {sections.map((section, index) => (
          <LegalBlock key={section.title} number={index + 1} section={section} />
        ))}
      </div>
    </div>
  );
}

function LegalBlock({ number, section }: { number: number; section: LegalSection }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-brand-900">
        <span className="mr-2 text-coral-600">{number}.</span>
        {section.title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-ink [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-2">
        {section.body}
      </div>
    </section>
  );
}

/** The company's contact details from the brand configuration (placeholders until launch). */
export function CompanyDetails() {
  return (
    <address className="rounded-card border border-brand-100 bg-white p-5 not-italic shadow-card">
      <strong>{brand.name}</strong>
      <br />
      {brand.street}
      <br />
      {brand.cityLine}
      <br />
      <a href={`mailto:${brand.email}`}>{brand.email}</a>
      <br />
      <a href={brand.phoneHref}>{brand.phone}</a>
    </address>
  );
}
