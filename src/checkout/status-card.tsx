// The centred card shared by the after-checkout pages, and their spinner.
import type { ReactNode } from "react";

export function StatusCard({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6 sm:py-20" aria-busy={busy || undefined}>
      <div className="rounded-card bg-white px-5 py-10 text-center shadow-card sm:px-10">{children}</div>
    </section>
  );
}

export function Spinner({ large = false }: { large?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={`${large ? "mx-auto size-12 text-brand-600" : "size-4"} animate-spin motion-reduce:animate-none`}
      fill="none"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
