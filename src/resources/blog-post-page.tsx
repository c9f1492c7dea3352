// /blog/:slug: one article in the active language; an unknown slug shows the not-found content.
import { Link, useParams } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { useLanguage } from "../i18n/language-provider";
import { localeTag } from "../i18n/languages";
import { LinkButton } from "../ui/button";
import { PAGE_LEAD_ID, PageMeta } from "../ui/page-meta";
import { postBodies, type Block } from "./blog/bodies";
import { blogPosts, findPost } from "./blog/posts";
import { Byline, CategoryBadge, PostArt, PostCard } from "./blog/post-card";

export default function BlogPostPage() {
  const { slug } = useParams();
  const post = findPost(slug);
  if (!post) return <PostNotFound />;
  return <Article key={post.slug} slug={post.slug} />;
}

function Article({ slug }: { slug: string }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const post = findPost(slug)!;
  const text = post.text[language];
  const body = postBodies[post.slug]?.[language] ?? [];
  const more = blogPosts.filter((p) => p.slug !== post.slug && p.category === post.category).concat(blogPosts.filter((p) => p.slug !== post.slug && p.category !== post.category)).slice(0, 2);

  return (
    <>
      <PageMeta
        title={text.title}
        description={text.excerpt}
        // An article (og:type too); the head adds its address, the preview image and the business as publisher.
        structuredData={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: text.title,
          description: text.excerpt,
          datePublished: post.published,
          author: { "@type": "Person", name: post.author },
          inLanguage: localeTag[language],
        }}
      />
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
        <Link to="/blog" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline">
          <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2"><path d="M12 5l-5 5 5 5" /></svg>
          {t`All posts`}
        </Link>
        <header className="mt-4">
          <CategoryBadge post={post} />
          <h1 className="mt-3 text-3xl font-bold leading-tight text-brand-900 sm:text-4xl">{text.title}</h1>
          <p id={PAGE_LEAD_ID} className="mt-4 text-lg text-muted">{text.excerpt}</p>
          <Byline post={post} className="mt-4" />
        </header>
        <div className="mt-8"><PostArt post={post} large /></div>
        <div className="mt-8 space-y-5 text-lg leading-relaxed text-ink">
          {body.map((block, index) => <BodyBlock key={index} block={block} />)}
        </div>
        <aside className="mt-12 rounded-card bg-brand-900 p-6 text-white sm:p-8" aria-labelledby="post-cta-heading">
          <h2 id="post-cta-heading" className="text-2xl font-bold">{t`Let us do the laundry this week`}</h2>
          <p className="mt-2 text-brand-100">{t`Weekly pickup and delivery across Miami-Dade: your first week is $19.99.`}</p>
          <LinkButton to="/signup" variant="accent" className="mt-5">{t`Schedule Pickup`}</LinkButton>
        </aside>
      </article>
      <section aria-labelledby="more-heading" className="mx-auto max-w-5xl px-4 pb-8 sm:px-6">
        <h2 id="more-heading" className="text-2xl font-bold text-brand-900">{t`More from the blog`}</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {more.map((p) => <li key={p.slug}><PostCard post={p} /></li>)}
        </ul>
      </section>
    </>
  );
}

function BodyBlock({ block }: { block: Block }) {
  if ("h2" in block) return <h2 className="pt-4 text-2xl font-bold text-brand-900">{block.h2}</h2>;
  if ("ul" in block) {
    return (
      <ul className="list-disc space-y-2 pl-6 marker:text-coral-500">
        {block.ul.map((item) => <li key={item}>{item}</li>)}
      </ul>
    );
  }
  return <p>{block.p}</p>;
}

function PostNotFound() {
  const { t } = useLingui();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title={t`Post not found`} description={t`We couldn't find that article on our blog.`} />
      <p className="font-display text-6xl font-bold text-brand-200" aria-hidden="true">404</p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{t`Oops! Page not found`}</h1>
      <p className="mt-3 text-muted">{t`We couldn't find that article. It may have been moved or renamed.`}</p>
      <LinkButton to="/blog" className="mt-8">{t`Back to the blog`}</LinkButton>
    </section>
  );
}
