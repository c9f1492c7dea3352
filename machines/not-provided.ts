// The stand-in of an actor the view must provide (for the checkout pages, src/checkout/checkout-actors.ts), so
// the machines stay pure: it fails, naming the actor, if a machine is ever run without it.
export const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not provided`);
};
