// The ZIP check people can see (product.md AREA-2, AREA-3): the home hero's and /service-areas' check, and the
// "tell me when you arrive" waitlist it offers for a coming-soon ZIP, which the sign-up's step 1 shows too.
import { useMemo, type FormEvent } from "react";
import type { KeyboardEvent } from "@react-types/shared";
import { useActorRef, useSelector } from "@xstate/react";
import { fromPromise, type ActorRefFrom } from "xstate";
import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { validateWaitlistEmail, zipCheckMachine, type ZipAnswer, type ZipCheckErrorKey, type ZipCheckInput } from "#machines/zip-check.machine";
import { createApiClient } from "../api/client";
import { CHECK_DEADLINE_MS } from "../api/deadline";
import { useLanguage } from "../i18n/language-provider";
import { inspect } from "../inspection/inspect";
import { Button } from "../ui/button";
import { LinkButton } from "../ui/link-button";
import { TextField } from "../ui/text-field";
import { useFocusWhenShown } from "../ui/use-focus-when-shown";
import { useFocusKeptWhileBusy } from "../ui/use-focus-kept-while-busy";
import { placeName } from "./area-names";
import { deliveryTimeLabel, knownDeliveryTime } from "./delivery-time";

const errorMessages: Record<ZipCheckErrorKey, MessageDescriptor> = {
  zipInvalid: msg`Enter a 5-digit ZIP code`,
  emailRequired: msg`Please enter your email address`,
  emailInvalid: msg`Please enter a valid email address`,
  rateLimited: msg`Too many attempts. Please wait a minute and try again.`,
  requestFailed: msg`Something went wrong. Please try again.`,
};

type ZipCheckRef = ActorRefFrom<typeof zipCheckMachine>;

function useZipCheck(input: ZipCheckInput) {
  const api = useMemo(() => createApiClient(), []);
  return useActorRef(
    zipCheckMachine.provide({
      actors: {
        checkArea: fromPromise<ZipAnswer, { zip: string }>(async ({ input: { zip }, signal }) => {
          // A stalled connection ends as a failed check the visitor can try again, not a button busy for good.
          const answer = await api.call("serviceArea", { params: { area: zip }, signal, deadlineMs: CHECK_DEADLINE_MS });
          if (typeof answer === "boolean") return answer ? { kind: "served", area: "", deliveryTime: "" } : { kind: "notServed" };
          if (answer.available) return { kind: "served", area: answer.area ?? "", deliveryTime: answer.deliveryTime ?? "" };
          return answer.comingSoon && answer.area ? { kind: "comingSoon", area: answer.area } : { kind: "notServed" };
        }),
        joinWaitlist: fromPromise(({ input: body, signal }) => api.call("waitlist", { body, signal, deadlineMs: CHECK_DEADLINE_MS })),
      },
    }),
    { input, inspect },
  );
}

/** "Good news! We serve Downtown & Brickell. Delivery: same day." */
export function ServedConfirmation({ area, deliveryTime }: { area: string; deliveryTime: string | undefined }) {
  const { t, i18n } = useLingui();
  const { language } = useLanguage();
  const time = knownDeliveryTime(deliveryTime);
  const name = placeName(area, language);
  return (
    <div className="rounded-card border border-success/40 bg-green-50 p-4 text-ink" data-testid="area-confirmation">
      <p className="font-semibold text-success">{name ? t`Good news! We serve ${name}.` : t`Good news! We serve your area.`}</p>
      {time && <p className="mt-1 text-sm">{t`Delivery time: ${i18n._(deliveryTimeLabel[time])}`}</p>}
    </div>
  );
}

/** The waitlist's e-mail and button, its messages and its confirmation (no <form>: step 1 sits inside one). */
function WaitlistFields({ actorRef, onEnter }: { actorRef: ZipCheckRef; onEnter?: () => void }) {
  const { t, i18n } = useLingui();
  const email = useSelector(actorRef, (s) => s.context.email);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.hasTag("busy"));
  const joined = useSelector(actorRef, (s) => s.matches({ comingSoon: "joined" }));
  // The button pressed is replaced by the confirmation: the focus goes to it, not back to the top of the page.
  const confirmation = useFocusWhenShown<HTMLParagraphElement>(joined);
  const keepFocus = useFocusKeptWhileBusy(busy);
  const area = useSelector(actorRef, (s) => (s.context.answer?.kind === "comingSoon" ? s.context.answer.area : ""));
  const { language } = useLanguage();
  const emailError = error === "emailRequired" || error === "emailInvalid";
  const join = () => actorRef.send({ type: "join", language });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter" || !onEnter) return;
    event.preventDefault();
    onEnter();
  };
  if (joined) {
    const valid = validateWaitlistEmail(email);
    const shownEmail = valid.ok ? valid.email : email;
    return (
      <p
        ref={confirmation}
        tabIndex={-1}
        role="status"
        className="rounded-card border border-success/40 bg-green-50 p-3 text-sm font-semibold text-success outline-none"
        data-testid="waitlist-confirmation"
      >
        {t`You're on the list! We'll e-mail ${shownEmail} when we arrive in ${placeName(area, language)}.`}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start" onFocus={keepFocus}>
      <TextField
        onKeyDown={onKeyDown}
        className="sm:flex-1"
        label={t`Your email`}
        type="email"
        enterKeyHint="send"
        autoComplete="email"
        validationBehavior="aria"
        value={email}
        onChange={(value) => actorRef.send({ type: "email.changed", value })}
        errorMessage={emailError ? i18n._(errorMessages[error]) : undefined}
        isDisabled={busy}
      />
      <Button type={onEnter ? "button" : "submit"} onPress={onEnter ? join : undefined} variant="accent" isDisabled={busy} className="sm:mt-7">
        {busy ? t`Sending...` : t`Tell me when you arrive`}
      </Button>
      <div role="status" aria-live="polite" className="text-sm">
        {error && !emailError && <p className="font-semibold text-danger">{i18n._(errorMessages[error])}</p>}
      </div>
    </div>
  );
}

/** The coming-soon notice with its waitlist: what the sign-up's step 1 shows for a coming-soon ZIP. */
export function ComingSoonWaitlist({ zip, area, email }: { zip: string; area: string; email: string }) {
  const actorRef = useZipCheck({ comingSoon: { zip, area }, email });
  return <ComingSoonNotice actorRef={actorRef} inForm />;
}

function ComingSoonNotice({ actorRef, inForm = false }: { actorRef: ZipCheckRef; inForm?: boolean }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const area = useSelector(actorRef, (s) => (s.context.answer?.kind === "comingSoon" ? s.context.answer.area : ""));
  const join = () => actorRef.send({ type: "join", language });
  const fields = <WaitlistFields actorRef={actorRef} onEnter={inForm ? join : undefined} />;
  return (
    <div className="flex flex-col gap-3 rounded-card border border-coral-500/50 bg-coral-100 p-4 text-ink" data-testid="coming-soon">
      <p className="font-semibold text-brand-900">{t`We're coming soon to ${placeName(area, language)}!`}</p>
      <p className="text-sm">{t`Leave your e-mail and we'll tell you when we arrive. We'll only write about that.`}</p>
      {inForm ? (
        fields
      ) : (
        <form
          noValidate
          aria-label={t`Tell me when you arrive`}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            join();
          }}
        >
          {fields}
        </form>
      )}
    </div>
  );
}

/**
 * The ZIP check of the home hero and /service-areas; a served ZIP leads to /signup?zip=<zip>. It takes the still
 * check's place (./zip-check-still) with the ZIP typed there and, when that field had it, the keyboard's focus.
 */
export default function ZipCheck({ className = "", typed, focused }: { className?: string; typed?: string; focused?: boolean }) {
  const { t, i18n } = useLingui();
  const actorRef = useZipCheck({ zip: typed });
  const zip = useSelector(actorRef, (s) => s.context.zip);
  const checkedZip = useSelector(actorRef, (s) => s.context.checkedZip);
  const answer = useSelector(actorRef, (s) => s.context.answer);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.matches("checking"));
  const served = useSelector(actorRef, (s) => s.matches("served"));
  const comingSoon = useSelector(actorRef, (s) => s.matches("comingSoon"));
  const notServed = useSelector(actorRef, (s) => s.matches("notServed"));
  const keepFocus = useFocusKeptWhileBusy(busy);
  return (
    <div className={`flex flex-col gap-4 ${className}`}>
      <form
        noValidate
        aria-label={t`Check your ZIP code`}
        data-testid="zip-check-live"
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onFocus={keepFocus}
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({ type: "check" });
        }}
      >
        <TextField
          autoFocus={focused}
          className="sm:w-48"
          label={t`ZIP code`}
          inputMode="numeric"
          autoComplete="postal-code"
          enterKeyHint="go"
          maxLength={5}
          validationBehavior="aria"
          value={zip}
          onChange={(value) => actorRef.send({ type: "zip.changed", value })}
          errorMessage={error === "zipInvalid" ? i18n._(errorMessages.zipInvalid) : undefined}
        />
        <Button type="submit" isDisabled={busy} className="sm:mt-7">
          {busy ? t`Checking...` : t`Check my ZIP`}
        </Button>
      </form>
      <div role="status" aria-live="polite" className="flex flex-col gap-3">
        {served && answer?.kind === "served" && (
          <>
            <ServedConfirmation area={answer.area} deliveryTime={answer.deliveryTime} />
            <LinkButton to={`/signup?zip=${checkedZip}`} variant="accent" className="self-start">
              {t`Sign up with ZIP ${checkedZip}`}
            </LinkButton>
          </>
        )}
        {notServed && (
          <div className="rounded-card border border-coral-500/50 bg-coral-100 p-4 text-ink">
            <p className="font-semibold text-brand-900">{t`We're not in your area yet!`}</p>
            <p className="text-sm">{t`We don't currently service this area.`}</p>
          </div>
        )}
        {error === "requestFailed" && !comingSoon && <p className="text-sm font-semibold text-danger">{t`We couldn't check your ZIP right now. Please try again.`}</p>}
        {error === "rateLimited" && !comingSoon && <p className="text-sm font-semibold text-danger">{i18n._(errorMessages.rateLimited)}</p>}
      </div>
      {comingSoon && <ComingSoonNotice actorRef={actorRef} />}
    </div>
  );
}
