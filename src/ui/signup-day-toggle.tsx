import { ToggleButton, type ToggleButtonProps } from "react-aria-components";

/** A day of the availability grid: a toggle button (aria-pressed), disabled when the day is not available. */
export function DayToggle({ children, ...props }: Omit<ToggleButtonProps, "className"> & { children: React.ReactNode }) {
  return (
    <ToggleButton
      {...props}
      className="flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-control border-2 border-brand-100 bg-white px-2 py-2 text-center text-sm text-ink transition-colors hover:border-brand-300 data-[selected]:border-brand-700 data-[selected]:bg-brand-700 data-[selected]:text-white data-[disabled]:cursor-not-allowed data-[disabled]:border-sand-100 data-[disabled]:bg-sand-100 data-[disabled]:text-muted data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus"
    >
      {children}
    </ToggleButton>
  );
}
