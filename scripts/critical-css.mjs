// A page's critical CSS (scripts/prerender.mjs): the rules of the site's style sheet that can match the page's
// pre-rendered HTML. A rule goes only when each of its selectors names a class or an element the HTML lacks;
// anything else (attributes, pseudo-classes, :is(), :where(), ids, at-rules) stays. The whole sheet follows at
// the end of the page for what the page's code renders later, so what stays here only has to be enough for the
// first paint, and may be more.
import { transform } from "lightningcss";

/** An attribute's value as the browser reads it: React escapes &, <, >, " and ' in attributes. */
const entities = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
const unescape = (value) => value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name) => entities[name]);

/** The class names and element names the HTML uses. */
export function htmlVocabulary(html) {
  const classes = new Set();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of unescape(match[1]).split(/\s+/)) if (name) classes.add(name);
  const elements = new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((match) => match[1].toLowerCase()));
  return { classes, elements };
}

export function criticalCss(css, html) {
  const { classes, elements } = htmlVocabulary(html);
  // A selector (lightningcss's components of one complex selector) can match only if every class and element it
  // names is in the page. Nested selectors (:is(), :not(), :has()) are not looked into: they stay.
  const canMatch = (selector) =>
    selector.every((part) => {
      if (part.type === "class") return classes.has(part.name);
      if (part.type === "type") return elements.has(part.name.toLowerCase());
      return true;
    });
  const { code } = transform({
    filename: "critical.css",
    code: Buffer.from(css),
    minify: true,
    visitor: { Rule: { style: (rule) => (rule.value.selectors.some(canMatch) ? undefined : []) } },
  });
  return code.toString();
}
