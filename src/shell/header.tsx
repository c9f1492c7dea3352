import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { Logo } from "./logo";
import { navItems } from "./nav-items";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-1.5 py-1.5 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "text-brand-800 underline decoration-coral-500 decoration-2 underline-offset-8" : "text-ink"
  }`;

export function Header() {
  const { t, i18n } = useLingui();
  const location = useLocation();
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const menuOpen = openOnPath === location.pathname;
  const setMenuOpen = (open: boolean) => setOpenOnPath(open ? location.pathname : null);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  // From 1024 px the whole navigation shows: under the logo row up to 1419 px (the Spanish labels need ~900 px),
  // beside it from 1420 px. Schedule Pickup stays in the header at every width, phones included. Sticky, except
  // where that would hide the page (site-header in src/styles.css: large text on a short screen, the menu open).
  return (
    <header className="site-header z-40 border-b border-brand-100 bg-sand-50/95 backdrop-blur">
      <div className="mx-auto flex max-w-[88rem] flex-wrap items-center justify-between gap-x-4 px-4 sm:px-6">
        <Link to="/" className="flex h-16 items-center rounded-md" aria-label={t`FreshFold Laundry, home`}>
          <Logo nameClassName="hidden min-[440px]:inline" />
        </Link>
        <nav aria-label={t`Main`} className="hidden lg:order-last lg:block lg:w-full lg:pb-2 min-[1420px]:order-none min-[1420px]:w-auto min-[1420px]:pb-0">
          <ul className="flex items-center justify-center gap-0.5 whitespace-nowrap min-[1420px]:justify-start">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={linkClass}>
                  {i18n._(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-h-16 items-center gap-2">
          <Link
            to="/signup"
            className="inline-flex min-h-11 items-center rounded-control bg-coral-600 px-3 py-2 text-center text-sm font-semibold text-white shadow-sm hover:bg-coral-500 sm:px-4"
          >
            {t`Schedule Pickup`}
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-control border border-brand-200 text-brand-800 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <span className="sr-only">{menuOpen ? t`Close menu` : t`Open menu`}</span>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      <nav id={menuId} aria-label={t`Mobile`} hidden={!menuOpen} className="border-t border-brand-100 bg-sand-50 lg:hidden">
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3 sm:grid-cols-2">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={(s) => `block py-3 ${linkClass(s)}`}>
                {i18n._(item.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <Link to="/signup" className="mt-2 block rounded-control bg-coral-600 px-4 py-3 text-center font-semibold text-white">
              {t`Schedule Pickup`}
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
