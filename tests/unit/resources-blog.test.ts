// The blog's static content: counts that agree with the posts a visitor can open, and every post complete and really written in both languages.
import { describe, expect, it } from "vitest";
import { blogCategories, blogPosts, featuredPosts, findPost, postCount, recentPosts } from "../../src/resources/blog/posts";
import { postBodies } from "../../src/resources/blog/bodies";
import { placeName } from "../../src/areas/area-names";

describe("blog content", () => {
  it("has the four categories, each counting the posts a visitor can open (issue 13: not the spec's 8, 5, 12, 6)", () => {
    expect(blogCategories.map((c) => [c.name.en, postCount(c.id)])).toEqual([
      ["Laundry Hacks", 2],
      ["Eco-Friendly Living", 1],
      ["Miami Life", 2],
      ["Behind the Scenes", 2],
    ]);
    // Every counted post is listed on the blog page and opens.
    expect(blogCategories.reduce((sum, c) => sum + postCount(c.id), 0)).toBe(featuredPosts.length + recentPosts.length);
    for (const post of blogPosts) expect(findPost(post.slug)).toBe(post);
  });

  it("has three featured and four recent posts, newest first, with unique slugs", () => {
    expect(featuredPosts).toHaveLength(3);
    expect(recentPosts).toHaveLength(4);
    expect(new Set(blogPosts.map((p) => p.slug)).size).toBe(blogPosts.length);
    const dates = recentPosts.map((p) => p.published);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(findPost("no-such-post")).toBeUndefined();
  });

  it("gives every post a title, excerpt, category, author, read time and an article in English and Spanish", () => {
    for (const post of blogPosts) {
      expect(blogCategories.some((c) => c.id === post.category)).toBe(true);
      expect(post.author.length).toBeGreaterThan(3);
      expect(post.readTime).toBeGreaterThan(0);
      expect(post.text.en.title).not.toEqual(post.text.es.title);
      expect(post.text.en.excerpt).not.toEqual(post.text.es.excerpt);
      const body = postBodies[post.slug];
      expect(body, post.slug).toBeDefined();
      // The two versions have the same outline: same blocks in the same order.
      expect(body!.es.map((b) => Object.keys(b)[0])).toEqual(body!.en.map((b) => Object.keys(b)[0]));
      expect(body!.en.length).toBeGreaterThanOrEqual(3);
      body!.en.forEach((block, i) => expect(JSON.stringify(block)).not.toEqual(JSON.stringify(body!.es[i])));
    }
  });
});

describe("area names", () => {
  it("stay proper names, with the connective and Airport in Spanish", () => {
    expect(placeName("Doral & Airport", "en")).toBe("Doral & Airport");
    expect(placeName("Doral & Airport", "es")).toBe("Doral y Aeropuerto");
    expect(placeName("Little Havana", "es")).toBe("Little Havana");
  });
});
