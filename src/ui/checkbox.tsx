import { useId, type ReactNode } from "react";
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from "react-aria-components";

export interface CheckboxProps extends Omit<AriaCheckboxProps, "children" | "className"> {
  children: ReactNode;
  errorMessage?: string;
}

export function Checkbox({ children, errorMessage, ...props }: CheckboxProps) {
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1">
      <AriaCheckbox
        {...props}
        isInvalid={!!errorMessage || props.isInvalid}
        aria-describedby={errorMessage ? errorId : props["aria-describedby"]}
        className="group flex min-h-11 cursor-pointer items-start gap-3 text-sm text-ink">
        {({ isSelected }) => (
          <>
            <span
              aria-hidden="true"
              className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border-2 border-brand-500 bg-white group-data-[selected]:bg-brand-700 group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-focus group-data-[invalid]:border-danger"
            >
              {isSelected && (
                <svg viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="white" strokeWidth="3"><path d="M3 8l3 3 7-7" /></svg>
              )}
            </span>
            <span>{children}</span>
          </>
        )}
      </AriaCheckbox>
      {errorMessage && (
        <p id={errorId} className="pl-8 text-sm font-medium text-danger">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
