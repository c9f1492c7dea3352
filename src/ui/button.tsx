import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { buttonClass, type ButtonVariant } from "./link-button";

export { buttonClass, LinkButton, type ButtonVariant } from "./link-button";

export function Button({ variant = "primary", className = "", ...props }: AriaButtonProps & { variant?: ButtonVariant; className?: string }) {
  return <AriaButton {...props} className={`${buttonClass[variant]} ${className}`} />;
}
