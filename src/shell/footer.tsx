import { Link } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { brand, footerServiceAreas } from "../config/brand";
import { navItems } from "./nav-items";
import { LanguageSwitch } from "./language-switch";
import { useHydrated } from "../ui/use-hydrated";

/**
 * The visitor's year. Not in the pre-rendered HTML (built on another day, perhaps in another year), so the
 * browser's hydration matches it, then fills the year in.
 */
function useCurrentYear(): number | null {
  return useHydrated() ? new Date().getFullYear() : null;
}

/**
 * A footer link: a whole row 44 px tall to tap on a phone (Apple's and Android's guidance), the text as it was.
 * The lists have no gaps of their own: the rows are the spacing.
 */
const linkClass = "flex min-h-11 items-center hover:text-white hover:underline";

export function Footer() {
  const { t, i18n } = useLingui();
  const year = useCurrentYear();
  return (
    <footer className="render-near-view mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-lg font-bold text-white">{brand.name}</p>
          <p className="mt-2 text-sm text-brand-100">{t`Weekly laundry pickup and delivery across Miami-Dade. Clean, folded and back at your door.`}</p>
        </div>
        <nav aria-label={t`Quick links`}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-coral-300">{t`Quick links`}</h2>
          <ul className="grid grid-cols-2 gap-x-4 text-sm">
            {navItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>{i18n._(item.label)}</Link>
              </li>
            ))}
            <li><Link to="/privacy" className={linkClass}>{t`Privacy`}</Link></li>
            <li><Link to="/terms" className={linkClass}>{t`Terms`}</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-coral-300">{t`Service areas`}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerServiceAreas.map((area) => <li key={area}>{area}</li>)}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-coral-300">{t`Contact us`}</h2>
          <address className="text-sm not-italic">
            <p><a href={brand.phoneHref} className={linkClass}>{brand.phone}</a></p>
            <p><a href={`mailto:${brand.email}`} className={linkClass}>{brand.email}</a></p>
            <p className="mt-2">{brand.street}<br />{brand.cityLine}</p>
          </address>
          <div className="mt-5"><LanguageSwitch /></div>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-brand-100 sm:px-6">© {year === null ? "" : `${year} `}{brand.name}. {t`All rights reserved.`}</p>
      </div>
    </footer>
  );
}
