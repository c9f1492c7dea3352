// The delivery times of the service areas (product.md AREA-1), as the areas page and the ZIP checks say them.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { DeliveryTime } from "#domain/service-areas";

export const deliveryTimeLabel: Record<DeliveryTime, MessageDescriptor> = {
  "same-day": msg`Same day`,
  "24-hours": msg`24 hours`,
  "next-day": msg`Next day`,
};

/** A delivery time the server answered, if it is one we know. */
export const knownDeliveryTime = (value: string | undefined): DeliveryTime | null =>
  value === "same-day" || value === "24-hours" || value === "next-day" ? value : null;
