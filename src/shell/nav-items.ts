import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export interface NavItem {
  to: string;
  label: MessageDescriptor;
}

/** The header navigation of product.md SITE-2, in its order. */
export const navItems: NavItem[] = [
  { to: "/about", label: msg`About` },
  { to: "/services", label: msg`Services` },
  { to: "/pricing", label: msg`Pricing` },
  { to: "/service-areas", label: msg`Areas` },
  { to: "/faq", label: msg`FAQ` },
  { to: "/airbnb-hosts", label: msg`For Hosts` },
  { to: "/blog", label: msg`Blog` },
  { to: "/how-it-works", label: msg`How It Works` },
  { to: "/contact", label: msg`Contact` },
  { to: "/login", label: msg`Login` },
];
