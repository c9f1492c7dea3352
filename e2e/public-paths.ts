// Every public page's English path (e2e/seo-html.spec.ts, sitemap.xml): the blog's posts and the two payment returns included.
import { blogPosts } from "../src/resources/blog/posts";

export const publicPaths = [
  "/",
  "/about",
  "/services",
  "/pricing",
  "/service-areas",
  "/faq",
  "/airbnb-hosts",
  "/blog",
  ...blogPosts.map((post) => `/blog/${post.slug}`),
  "/how-it-works",
  "/login",
  "/contact",
  "/privacy",
  "/terms",
  "/signup",
  "/payment-success",
  "/payment-canceled",
];
