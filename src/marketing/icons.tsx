// Line icons for the marketing pages: decorative (aria-hidden), fixed 24-unit box so nothing shifts.
const paths = {
  truck: "M3 6h11v10H3zM14 10h4l3 3v3h-7M7 19a2 2 0 100-4 2 2 0 000 4zM17 19a2 2 0 100-4 2 2 0 000 4z",
  leaf: "M5 19c0-8 5-13 14-14-1 9-6 14-14 14zM5 19l7-7",
  clock: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2",
  chat: "M4 5h12v8H8l-4 3zM9 16v1h7l4 3V10h-4",
  tag: "M3 12V4h8l9 9-8 8zM7.5 8.5h.01",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M8 14h2M14 14h2M8 17h2",
  check: "M5 12l4 4 10-10",
  shirt: "M8 3l-5 3 2 5 3-1v11h8V10l3 1 2-5-5-3c0 2-2 3-4 3S8 5 8 3z",
  bolt: "M13 2L4 14h7l-1 8 9-12h-7z",
  drop: "M12 3c4 5 6 8 6 11a6 6 0 01-12 0c0-3 2-6 6-11zM9 14a3 3 0 003 3",
  feather: "M20 4c-8 0-14 6-14 14M6 18l-2 2M20 4c0 8-5 13-12 13M10 13h5",
  home: "M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6",
  building: "M5 21V4h10v17M15 9h4v12M8 8h1M11 8h1M8 12h1M11 12h1M8 16h1M11 16h1M3 21h18",
  bed: "M3 18V7M3 14h18v4M21 14v-2a3 3 0 00-3-3h-7v5M7 11.5a1.5 1.5 0 100-.01",
  receipt: "M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3",
  percent: "M19 5L5 19M7 9a2 2 0 100-4 2 2 0 000 4zM17 19a2 2 0 100-4 2 2 0 000 4z",
  basket: "M4 10h16l-2 10H6zM8 10l3-6M16 10l-3-6M9 14v3M12 14v3M15 14v3",
  sparkle: "M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2zM19 16l.7 2.3L22 19l-2.3.7L19 22l-.7-2.3L16 19l2.3-.7z",
  door: "M6 21V3h12v18M4 21h16M14 12h.01",
  card: "M3 6h18v12H3zM3 10h18M7 15h3",
  user: "M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6",
  users: "M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2 20c0-3.5 3-5.5 7-5.5s7 2 7 5.5M16 4.5a3.5 3.5 0 010 6.5M18 14.8c2.3.6 4 2.3 4 5.2",
  briefcase: "M3 8h18v12H3zM8 8V5h8v3M3 13h18",
  arrowRight: "M5 12h14M13 6l6 6-6 6",
  phone: "M5 4h4l2 5-3 2a11 11 0 005 5l2-3 5 2v4a2 2 0 01-2 2A17 17 0 013 6a2 2 0 012-2z",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z M9 12l2 2 4-4",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = "h-6 w-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** The icon in a soft rounded tile, as used on cards. */
export function IconTile({ name, tone = "brand" }: { name: IconName; tone?: "brand" | "coral" }) {
  const colours = tone === "brand" ? "bg-brand-100 text-brand-800" : "bg-coral-100 text-coral-600";
  return (
    <span className={`inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-control ${colours}`}>
      <Icon name={name} />
    </span>
  );
}
