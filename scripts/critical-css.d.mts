// Types of scripts/critical-css.mjs for the TypeScript tests that import it.
export declare function htmlVocabulary(html: string): { classes: Set<string>; elements: Set<string> };
export declare function criticalCss(css: string, html: string): string;
