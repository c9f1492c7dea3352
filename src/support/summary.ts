// One plain line per machine for support staff: what the visitor is doing and what the site answered,
// e.g. "Sign-up: step 1 — ZIP 33180 not served; e-mail check passed". Built from a (masked) snapshot, so the
// live panel and a replayed log read the same.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { describeStateValue } from "./replay";

interface FormFacts {
  address?: { zip?: string };
  detergent?: string;
  fabricSoftener?: boolean | null;
  startDate?: string;
  picks?: string[];
  buildingType?: string;
}

type Describe = (i18n: I18n, at: (path: string) => boolean, context: Record<string, unknown>) => string;

/** Each machine's name, then the phrase of the first matching state path (most specific first). */
const byState = (name: MessageDescriptor, phrases: [string, MessageDescriptor][]): Describe => (i18n, at) => {
  const found = phrases.filter(([path]) => at(path)).map(([, phrase]) => i18n._(phrase));
  return `${i18n._(name)}: ${found.join("; ")}`;
};

const detergentNames: Record<string, MessageDescriptor> = { scented: msg`scented`, hypoallergenic: msg`hypoallergenic` };
const buildingNames: Record<string, MessageDescriptor> = { house: msg`house`, apartment: msg`apartment`, business: msg`business` };

function signupLine(i18n: I18n, at: (path: string) => boolean, context: Record<string, unknown>): string {
  const form = (context.form ?? {}) as FormFacts;
  const zip = form.address?.zip || "—";
  const date = form.startDate || "—";
  const picked = form.picks?.length ?? 0;
  const notChosen = i18n._(msg`not chosen`);
  const parts: MessageDescriptor[] = [];
  let step = "";
  if (at("start")) return i18n._(msg`Sign-up: opening`);
  if (at("step1")) {
    step = "1";
    if (at("step1.area.available")) parts.push(msg`ZIP ${zip} served`);
    else if (at("step1.area.unavailable")) parts.push(msg`ZIP ${zip} not served`);
    else if (at("step1.area.checking")) parts.push(msg`ZIP ${zip} being checked`);
    else if (at("step1.area.unknown")) parts.push(msg`ZIP ${zip} could not be checked (checked again at payment)`);
    else parts.push(msg`ZIP not checked yet`);
    if (at("step1.email.free")) parts.push(msg`e-mail check passed`);
    else if (at("step1.email.taken")) parts.push(msg`the e-mail belongs to an existing customer`);
    else if (at("step1.email.checking")) parts.push(msg`e-mail being checked`);
    else if (at("step1.email.unknown")) parts.push(msg`e-mail could not be checked (checked again at payment)`);
    else parts.push(msg`e-mail not checked yet`);
    if (at("step1.submit.waiting")) parts.push(msg`Continue pressed, waiting for the checks`);
  } else if (at("step2")) {
    step = "2";
    const detergent = form.detergent && detergentNames[form.detergent] ? i18n._(detergentNames[form.detergent]!) : notChosen;
    parts.push(msg`detergent: ${detergent}`);
  } else if (at("step3")) {
    step = "3";
    parts.push(form.fabricSoftener === true ? msg`with fabric softener` : form.fabricSoftener === false ? msg`without fabric softener` : msg`fabric softener not chosen`);
  } else if (at("step4")) {
    step = "4";
    if (at("step4.idle")) parts.push(msg`no start date yet`);
    else if (at("step4.loading")) parts.push(msg`start date ${date}, loading the days with room`);
    else if (at("step4.empty")) parts.push(msg`start date ${date}, no day with room (or the call failed)`);
    else parts.push(msg`start date ${date}, ${picked} of 2 pickup days picked`);
  } else if (at("step5")) {
    step = "5";
    const building = form.buildingType && buildingNames[form.buildingType] ? i18n._(buildingNames[form.buildingType]!) : notChosen;
    parts.push(msg`building: ${building}`);
  } else if (at("step6")) {
    step = "6";
    if (at("step6.review.stalled")) parts.push(msg`the payment page did not open: the summary again, with its link`);
    else if (at("step6.review")) parts.push(msg`reviewing the summary before paying`);
    else if (at("step6.checkout.redirecting")) parts.push(msg`leaving for the payment page`);
    else parts.push(msg`asking for the payment page`);
  }
  if (context.editing === true && step !== "6") parts.push(msg`opened from the review's Edit link`);
  const details = parts.map((part) => i18n._(part)).join("; ");
  return i18n._(msg`Sign-up: step ${step} — ${details}`);
}

const describers: Record<string, Describe> = {
  signup: signupLine,
  addressAutocomplete: byState(msg`Address suggestions`, [
    ["start", msg`starting`],
    ["disabled", msg`off (no maps key): the address is typed by hand`],
    ["loading", msg`loading the maps service`],
    ["retrying", msg`waiting to retry the maps service`],
    ["failed", msg`the maps service failed to load: the address is typed by hand`],
    ["ready.idle", msg`ready`],
    ["ready.debouncing", msg`waiting for the visitor to pause typing`],
    ["ready.fetching", msg`looking up suggestions`],
    ["ready.selecting", msg`filling in the picked address`],
  ]),
  contactForm: byState(msg`Contact form`, [
    ["form.idle", msg`being filled in`],
    ["form.invalid", msg`has problems shown to the visitor`],
    ["form.sent", msg`sent`],
    ["form.failed", msg`sending failed, everything typed is kept`],
    ["submitting", msg`sending`],
  ]),
  newsletter: byState(msg`Newsletter`, [
    ["editing", msg`the visitor is typing an e-mail`],
    ["invalid", msg`the e-mail is missing or not valid`],
    ["submitting", msg`subscribing`],
    ["subscribed", msg`subscribed`],
    ["failed", msg`subscribing failed, the e-mail is kept`],
  ]),
  zipCheck: byState(msg`ZIP check`, [
    ["start", msg`opening`],
    ["editing", msg`the visitor is typing a ZIP`],
    ["checking", msg`checking the ZIP`],
    ["served", msg`the ZIP is served: area, delivery time and the way to the sign-up shown`],
    ["notServed", msg`the ZIP is not served`],
    ["comingSoon.editing", msg`the ZIP is coming soon: the waitlist is offered`],
    ["comingSoon.joining", msg`adding the e-mail to the waitlist`],
    ["comingSoon.joined", msg`on the waitlist`],
  ]),
  paymentCanceled: byState(msg`Canceled payment`, [
    ["start", msg`starting`],
    ["deleting", msg`removing the unpaid sign-up and freeing its days`],
    ["redirecting", msg`going back to the sign-up's review`],
    ["left", msg`back on the sign-up`],
    ["stuck", msg`could not go back: the page shows a link to the sign-up`],
  ]),
  paymentSuccess: byState(msg`After payment`, [
    ["sequence.start", msg`starting`],
    ["sequence.noCheckout", msg`no payment saved in this tab: only the thank-you message`],
    ["sequence.claiming", msg`starting the post-payment calls`],
    ["sequence.creatingFirstOrder", msg`creating the first pickup's order`],
    ["sequence.creatingSecondOrder", msg`creating the second pickup's order`],
    ["sequence.activating", msg`activating the subscription`],
    ["sequence.awaitingPortal", msg`waiting for the billing-portal link`],
    ["sequence.sendingWelcome", msg`sending the welcome e-mail`],
    ["sequence.conversion", msg`reporting the sale`],
    ["sequence.tracking", msg`reporting the sale`],
    ["sequence.finished", msg`all post-payment calls done`],
    ["portal.waiting", msg`portal button off until the subscription is active`],
    ["portal.requesting", msg`asking for the billing-portal link`],
    ["portal.ready", msg`portal button on`],
    ["portal.opening", msg`portal button pressed, finishing the calls first`],
    ["portal.refreshing", msg`portal button pressed, asking for a fresh billing-portal link`],
    ["portal.leaving", msg`leaving for the billing portal`],
    ["portal.stalled", msg`the billing portal did not open within 10 seconds: portal button on again`],
    ["portal.unavailable", msg`no billing-portal link: the visitor may ask again`],
    ["portal.emailed", msg`no proof of the paying browser any more: a sign-in link was e-mailed instead`],
  ]),
  portalRedirect: byState(msg`Billing portal`, [
    ["start", msg`reading the link`],
    ["checkToken", msg`reading the link`],
    ["needsLink", msg`no sign-in proof: offering an e-mailed link`],
    ["requestingLink", msg`asking for a sign-in link by e-mail`],
    ["linkSent", msg`sign-in link requested`],
    ["requesting", msg`asking for the billing-portal link`],
    ["redirecting", msg`leaving for the billing portal`],
    ["returned", msg`back from the billing portal: loading the page afresh`],
    ["failed", msg`could not open the portal: offering to try again`],
    ["error", msg`could not open the portal: the page says why`],
  ]),
  testimonials: byState(msg`Testimonials`, [
    ["starting", msg`starting`],
    ["rotating", msg`rotating every 5 seconds`],
    ["paused", msg`paused while the visitor reads`],
    ["stopped", msg`stopped`],
  ]),
};

/** The plain-language line for a machine's snapshot; unknown machines fall back to their state paths. */
export function summaryLine(i18n: I18n, machineId: string, value: unknown, context: unknown): string {
  const paths = describeStateValue(value);
  const at = (path: string) => paths.some((p) => p === path || p.startsWith(`${path}.`));
  const describe = describers[machineId];
  const facts = context && typeof context === "object" ? (context as Record<string, unknown>) : {};
  return describe ? describe(i18n, at, facts) : `${machineId}: ${paths.join(", ")}`;
}

/** The machines that have a plain line (a unit test checks every state of each is named). */
export const summarizedMachines = Object.keys(describers);
