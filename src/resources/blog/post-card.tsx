// A post's card (title, excerpt, category, author, read time) and its byline, shared by the blog and post pages.
import { Link } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { format, parseISO } from "date-fns";
import { dateLocale } from "../../i18n/date-locale";
import { useLanguage } from "../../i18n/language-provider";
import { categoryOf, type BlogCategoryId, type BlogPost } from "./posts";

const categoryColour: Record<BlogCategoryId, string> = {
  "laundry-hacks": "bg-brand-100 text-brand-800",
  "eco-friendly-living": "bg-[#dcf2e6] text-success",
  "miami-life": "bg-coral-100 text-brand-900",
  "behind-the-scenes": "bg-sand-100 text-ink",
};

export function CategoryBadge({ post }: { post: BlogPost }) {
  const { language } = useLanguage();
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold uppercase tracking-wide ${categoryColour[post.category]}`}>
      {categoryOf(post).name[language]}
    </span>
  );
}

export function Byline({ post, className = "" }: { post: BlogPost; className?: string }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const minutes = post.readTime;
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted ${className}`}>
      <span className="font-medium text-ink">{post.author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={post.published}>{format(parseISO(post.published), "PPP", { locale: dateLocale[language] })}</time>
      <span aria-hidden="true">·</span>
      <span>{t`${minutes} min read`}</span>
    </p>
  );
}

export function PostCard({ post, headingLevel = 3, large = false }: { post: BlogPost; headingLevel?: 2 | 3; large?: boolean }) {
  const { language } = useLanguage();
  const text = post.text[language];
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex h-full flex-col rounded-card border border-brand-100 bg-white p-5 shadow-card transition-shadow focus-within:ring-3 focus-within:ring-focus hover:shadow-lg sm:p-6">
      <PostArt post={post} large={large} />
      <div className="mt-4"><CategoryBadge post={post} /></div>
      <Heading className={`mt-3 font-bold text-brand-900 ${large ? "text-xl sm:text-2xl" : "text-lg"}`}>
        {/* The whole card is the link's click area; the link itself is the title. */}
        <Link to={`/blog/${post.slug}`} className="outline-none after:absolute after:inset-0 after:rounded-card group-hover:underline">
          {text.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-muted">{text.excerpt}</p>
      <Byline post={post} className="mt-4" />
    </article>
  );
}

const artColours: Record<BlogCategoryId, [string, string]> = {
  "laundry-hacks": ["#d3eef1", "#1a8a9c"],
  "eco-friendly-living": ["#dcf2e6", "#067647"],
  "miami-life": ["#ffe4dc", "#f0694a"],
  "behind-the-scenes": ["#f7f3ea", "#0e5e6f"],
};

/** A small illustration per category, drawn in SVG so nothing loads late or shifts the layout. */
export function PostArt({ post, large = false }: { post: BlogPost; large?: boolean }) {
  const [background, accent] = artColours[post.category];
  return (
    <svg viewBox="0 0 400 180" className={`w-full rounded-control ${large ? "aspect-[20/9]" : "aspect-[20/7]"}`} preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <rect width="400" height="180" fill={background} />
      {post.category === "laundry-hacks" && (
        <g fill="none" stroke={accent} strokeWidth="6" strokeLinecap="round">
          <rect x="150" y="40" width="100" height="110" rx="14" fill="#fff" />
          <circle cx="200" cy="100" r="30" />
          <path d="M176 104c8-7 16-7 24 0s16 7 24 0" />
          <circle cx="170" cy="56" r="4" fill={accent} />
        </g>
      )}
      {post.category === "eco-friendly-living" && (
        <g fill="none" stroke={accent} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M200 150c0-50 10-80 60-100-10 50-30 80-60 100z" fill="#fff" />
          <path d="M200 150c0-40-10-60-50-75 5 40 25 60 50 75z" fill="#fff" />
          <path d="M200 150V95" />
        </g>
      )}
      {post.category === "miami-life" && (
        <g fill="none" stroke={accent} strokeWidth="6" strokeLinecap="round">
          <circle cx="270" cy="70" r="28" fill="#fff" />
          <path d="M40 140c30-14 60-14 90 0s60 14 90 0 60-14 90 0 40 10 60 6" />
          <path d="M150 140c0-40 4-70 14-90M164 50c-20-6-36 0-44 14M164 50c18-10 34-8 44 4M164 50c-4 14 0 26 6 32" />
        </g>
      )}
      {post.category === "behind-the-scenes" && (
        <g fill="none" stroke={accent} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M110 120V70h120v50M230 85h40l24 24v11h-64" fill="#fff" />
          <circle cx="145" cy="128" r="14" fill="#fff" />
          <circle cx="265" cy="128" r="14" fill="#fff" />
        </g>
      )}
    </svg>
  );
}
