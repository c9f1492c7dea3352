// The facts a buyer looks for (issue 13, item 11): how much a pickup covers, the pickup and delivery windows,
// the bag, and lost or damaged items. The values are the operator's placeholders in src/config/brand.ts.
import { useLingui } from "@lingui/react/macro";
import { buyerFacts, formatHour } from "../config/brand";

export function BuyerFacts({ className = "" }: { className?: string }) {
  const { t, i18n } = useLingui();
  const language = i18n.locale === "es" ? "es" : "en";
  const { poundsPerPickup: pounds, pickupWindow, deliveryWindow, lostOrDamaged } = buyerFacts;
  const pickupFrom = formatHour(pickupWindow.from, language);
  const pickupTo = formatHour(pickupWindow.to, language);
  const deliveryFrom = formatHour(deliveryWindow.from, language);
  const deliveryTo = formatHour(deliveryWindow.to, language);
  const perItem = `$${lostOrDamaged.perItemUsd}`;
  const perOrder = `$${lostOrDamaged.perOrderUsd}`;
  const days = lostOrDamaged.reportWithinDays;
  const facts: Array<[string, string]> = [
    [t`How much laundry`, t`Up to ${pounds} lb per pickup, two pickups a week.`],
    [t`Pickup and delivery times`, t`Pickup between ${pickupFrom} and ${pickupTo} on your pickup days; delivery usually the next day between ${deliveryFrom} and ${deliveryTo}.`],
    [t`The bag`, buyerFacts.bag === "provided" ? t`We give you a reusable laundry bag at your first pickup; until then, any bag will do.` : t`Use any bag you have, closed and with your name on it.`],
    [t`Lost or damaged items`, t`Tell us within ${days} days and we reimburse up to ${perItem} per item, ${perOrder} per order.`],
  ];
  return (
    <dl className={`grid gap-4 sm:grid-cols-2 ${className}`} data-testid="buyer-facts">
      {facts.map(([term, text]) => (
        <div key={term} className="rounded-card border border-brand-100 bg-white p-4">
          <dt className="font-semibold text-brand-900">{term}</dt>
          <dd className="mt-1 text-sm text-muted">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
