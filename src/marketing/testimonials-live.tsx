// The live testimonials carousel: the testimonials machine driving the view. Loaded lazily by the home page,
// so XState is not part of the page's first download.
import { useActorRef, useSelector } from "@xstate/react";
import { testimonialsMachine } from "#machines/testimonials.machine";
import { prefersReducedMotion } from "./reduced-motion";
import { testimonials, TestimonialsView } from "./testimonials";
import { inspect } from "../inspection/inspect";

export default function LiveTestimonials() {
  const actor = useActorRef(testimonialsMachine, {
    input: { count: testimonials.length, reducedMotion: prefersReducedMotion() },
    inspect,
  });
  const index = useSelector(actor, (s) => s.context.index);
  const rotating = useSelector(actor, (s) => s.hasTag("rotating"));
  const stopped = useSelector(actor, (s) => s.matches("stopped"));
  return <TestimonialsView index={index} rotating={rotating} stopped={stopped} send={actor.send} />;
}
