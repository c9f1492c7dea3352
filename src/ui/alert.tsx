import type { ReactNode } from "react";

export interface AlertProps {
  title: string;
  children?: ReactNode;
  variant?: "destructive" | "warning" | "info";
  /**
   * Announce on appearance (role="alert"). Off when a separate live region already announces the same
   * news, so a screen reader does not hear it twice.
   */
  announce?: boolean;
  className?: string;
}

const variantClass: Record<NonNullable<AlertProps["variant"]>, string> = {
  destructive: "border-danger/40 bg-red-50 text-ink",
  warning: "border-coral-500/50 bg-coral-100 text-ink",
  info: "border-brand-200 bg-brand-50 text-ink",
};

/** A titled message box; its title is a paragraph (not a heading) so the page outline stays the steps'. */
export function Alert({ title, children, variant = "info", announce = false, className = "" }: AlertProps) {
  return (
    <div role={announce ? "alert" : undefined} className={`flex flex-col gap-1 rounded-card border p-4 ${variantClass[variant]} ${className}`}>
      <p className={`font-semibold ${variant === "destructive" ? "text-danger" : "text-brand-900"}`}>{title}</p>
      {children && <div className="text-sm">{children}</div>}
    </div>
  );
}
