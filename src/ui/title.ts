import { brand } from "../config/brand";

/** The full title, as the tab and search results show it. */
export const fullTitle = (title: string) => `${title} · ${brand.name}`;
