// The abstract flow of the sign-up wizard for the generated browser suite: an invoke-free machine that
// mirrors the six steps (createTestModel refuses machines with invokes or delays, so it is not the real one).
import { createMachine } from "xstate";
import { createTestModel } from "xstate/graph";

export type FlowEvent =
  | { type: "CONTINUE_EMPTY" }
  | { type: "FILL_PERSONAL" }
  | { type: "CONTINUE" }
  | { type: "BACK" }
  | { type: "CHOOSE_DETERGENT" }
  | { type: "CHOOSE_SOFTENER" }
  | { type: "PICK_DAYS" }
  | { type: "CHOOSE_HOUSE" }
  | { type: "CHOOSE_APARTMENT" }
  | { type: "CHOOSE_BUSINESS" }
  | { type: "PAY" };

export const signupFlow = createMachine({
  id: "signupFlow",
  types: {} as { events: FlowEvent },
  initial: "personal",
  states: {
    personal: { on: { CONTINUE_EMPTY: "personalInvalid", FILL_PERSONAL: "personalFilled" } },
    personalInvalid: { on: { FILL_PERSONAL: "personalFilled" } },
    personalFilled: { on: { CONTINUE: "detergent" } },
    detergent: { on: { CHOOSE_DETERGENT: "detergentChosen", BACK: "personalFilled" } },
    detergentChosen: { on: { CONTINUE: "softener" } },
    softener: { on: { CHOOSE_SOFTENER: "softenerChosen" } },
    softenerChosen: { on: { CONTINUE: "dates" } },
    dates: { on: { CONTINUE: "datesInvalid", PICK_DAYS: "datesPicked" } },
    datesInvalid: { on: { PICK_DAYS: "datesPicked" } },
    datesPicked: { on: { CONTINUE: "building" } },
    building: { on: { CHOOSE_HOUSE: "houseChosen", CHOOSE_APARTMENT: "apartmentChosen", CHOOSE_BUSINESS: "businessChosen" } },
    houseChosen: { on: { CONTINUE: "reviewHouse" } },
    apartmentChosen: { on: { CONTINUE: "reviewApartment" } },
    businessChosen: { on: { CONTINUE: "reviewBusiness" } },
    reviewHouse: { on: { PAY: "checkout" } },
    reviewApartment: { on: { BACK: "apartmentChosen" } },
    reviewBusiness: { on: { PAY: "checkout" } },
    checkout: { type: "final" },
  },
});

export const signupFlowModel = createTestModel(signupFlow);

/** The shortest path to every state, minus the paths that are a prefix of another: each test ends somewhere new. */
export function flowPaths() {
  const paths = signupFlowModel.getShortestPaths();
  const key = (p: (typeof paths)[number]) => p.steps.map((s) => s.event.type).join(" ");
  return paths.filter((p) => !paths.some((other) => other !== p && key(other).startsWith(`${key(p)} `)));
}
