// /blog: categories with the number of their posts, three featured and four recent posts, and the newsletter box.
import { useLingui } from "@lingui/react/macro";
import { useLanguage } from "../i18n/language-provider";
import { PAGE_LEAD_ID, PageMeta } from "../ui/page-meta";
import { blogCategories, featuredPosts, postCount, recentPosts } from "./blog/posts";
import { PostCard } from "./blog/post-card";
import { NewsletterBox } from "./newsletter-box";

export default function BlogPage() {
  const { t } = useLingui();
  const { language } = useLanguage();
  return (
    <>
      <PageMeta
        title={t`Blog`}
        description={t`Laundry hacks, eco-friendly living, Miami life and a look behind the scenes of our weekly pickup and delivery service.`}
      />
      <section className="bg-gradient-to-b from-brand-50 to-sand-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-coral-600">{t`Blog`}</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-bold text-brand-900 sm:text-5xl">{t`Fresh tips for life in Miami`}</h1>
          <p id={PAGE_LEAD_ID} className="mt-4 max-w-2xl text-lg text-muted">
            {t`Practical laundry advice for a hot, humid city, greener habits, and stories from our routes and folding tables.`}
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          <section aria-labelledby="featured-heading">
            <h2 id="featured-heading" className="text-2xl font-bold text-brand-900">{t`Featured posts`}</h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {featuredPosts.map((post, index) => (
                <li key={post.slug} className={index === 0 ? "md:col-span-2" : ""}>
                  <PostCard post={post} large={index === 0} />
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="recent-heading" className="mt-14">
            <h2 id="recent-heading" className="text-2xl font-bold text-brand-900">{t`Recent posts`}</h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {recentPosts.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="flex flex-col gap-8" aria-label={t`Blog sidebar`}>
          <section aria-labelledby="categories-heading" className="rounded-card border border-brand-100 bg-white p-6 shadow-card">
            <h2 id="categories-heading" className="text-xl font-bold text-brand-900">{t`Categories`}</h2>
            <ul className="mt-4 divide-y divide-brand-100">
              {blogCategories.map((category) => {
                const count = postCount(category.id);
                return (
                  <li key={category.id} className="flex items-center justify-between gap-3 py-3" data-category={category.id}>
                    <span className="font-medium text-ink">{category.name[language]}</span>
                    <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
                      <span aria-hidden="true">{count}</span>
                      <span className="sr-only">{t`${count} posts`}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
          <NewsletterBox />
        </aside>
      </div>
    </>
  );
}
