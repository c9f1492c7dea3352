// The blog's static content: categories, counted from the posts a visitor can open, and the posts' cards in both languages.
// Articles are written per language (not translated string by string), so they live here, not in the catalogs.
import type { Language } from "../../i18n/languages";

export type BlogCategoryId = "laundry-hacks" | "eco-friendly-living" | "miami-life" | "behind-the-scenes";

export interface BlogCategory {
  id: BlogCategoryId;
  name: Record<Language, string>;
}

export const blogCategories: BlogCategory[] = [
  { id: "laundry-hacks", name: { en: "Laundry Hacks", es: "Trucos de lavandería" } },
  { id: "eco-friendly-living", name: { en: "Eco-Friendly Living", es: "Vida sostenible" } },
  { id: "miami-life", name: { en: "Miami Life", es: "Vida en Miami" } },
  { id: "behind-the-scenes", name: { en: "Behind the Scenes", es: "Detrás de escena" } },
];

export interface BlogPostCard {
  title: string;
  excerpt: string;
}

export interface BlogPost {
  slug: string;
  category: BlogCategoryId;
  author: string;
  /** Minutes. */
  readTime: number;
  /** yyyy-mm-dd */
  published: string;
  featured: boolean;
  text: Record<Language, BlogPostCard>;
}

export const blogPosts: BlogPost[] = [
  {
    slug: "sunscreen-stains-beach-towels",
    category: "laundry-hacks",
    author: "Marisol Ortega",
    readTime: 5,
    published: "2025-06-12",
    featured: true,
    text: {
      en: {
        title: "How to get sunscreen stains out of beach towels",
        excerpt: "Those orange-yellow marks aren't dirt: they're a reaction between sunscreen and the minerals in water. How to lift them, and how to stop them coming back.",
      },
      es: {
        title: "Cómo quitar las manchas de protector solar de las toallas de playa",
        excerpt: "Esas manchas amarillentas no son suciedad: son una reacción entre el protector solar y los minerales del agua. Te contamos cómo sacarlas y evitar que vuelvan.",
      },
    },
  },
  {
    slug: "cold-water-washing",
    category: "eco-friendly-living",
    author: "Daniel Reyes",
    readTime: 4,
    published: "2025-05-28",
    featured: true,
    text: {
      en: {
        title: "Why we wash in cold water, and why you should too",
        excerpt: "Most of the energy a washing machine uses goes into heating water. Cold washes save it, keep colors bright and are kinder to the fabrics you love.",
      },
      es: {
        title: "Por qué lavamos con agua fría (y por qué deberías hacerlo tú también)",
        excerpt: "Casi toda la energía que gasta una lavadora se va en calentar el agua. Lavar en frío la ahorra, mantiene los colores vivos y cuida más tu ropa favorita.",
      },
    },
  },
  {
    slug: "hurricane-season-laundry-checklist",
    category: "miami-life",
    author: "Camila Torres",
    readTime: 6,
    published: "2025-06-02",
    featured: true,
    text: {
      en: {
        title: "Your hurricane-season laundry checklist",
        excerpt: "When a storm is on the way, clean clothes, towels and bedding are one less thing to worry about. A simple plan for before, during and after.",
      },
      es: {
        title: "Tu lista de ropa para la temporada de huracanes",
        excerpt: "Cuando viene una tormenta, tener ropa, toallas y sábanas limpias es una preocupación menos. Un plan sencillo para antes, durante y después.",
      },
    },
  },
  {
    slug: "humidity-musty-closet",
    category: "laundry-hacks",
    author: "Marisol Ortega",
    readTime: 4,
    published: "2025-07-08",
    featured: false,
    text: {
      en: {
        title: "Keep Miami humidity from making your closet smell musty",
        excerpt: "Damp air and clothes put away slightly wet are the perfect recipe for that musty smell. Five habits that keep your closet fresh all summer.",
      },
      es: {
        title: "Que la humedad de Miami no deje tu clóset oliendo a guardado",
        excerpt: "El aire húmedo y la ropa guardada sin secar bien son la receta perfecta para ese olor a humedad. Cinco hábitos para que tu clóset huela fresco todo el verano.",
      },
    },
  },
  {
    slug: "a-day-on-the-route",
    category: "behind-the-scenes",
    author: "Daniel Reyes",
    readTime: 5,
    published: "2025-07-01",
    featured: false,
    text: {
      en: {
        title: "A day on the route: from your door to our folding table and back",
        excerpt: "What happens after you leave your bag at the door? We followed one bag from a Brickell condo through washing and folding, and home again the next day.",
      },
      es: {
        title: "Un día en la ruta: de tu puerta a nuestra mesa de doblado y de vuelta",
        excerpt: "¿Qué pasa cuando dejas tu bolsa en la puerta? Seguimos una bolsa desde un condo en Brickell hasta el lavado y el doblado, y de regreso a casa al día siguiente.",
      },
    },
  },
  {
    slug: "cruise-laundry-portmiami",
    category: "miami-life",
    author: "Camila Torres",
    readTime: 3,
    published: "2025-06-20",
    featured: false,
    text: {
      en: {
        title: "Sailing from PortMiami? Plan your laundry around the cruise",
        excerpt: "Pack light, come home to a clean closet: how to time your pickups before and after a cruise so you never unpack a suitcase of dirty clothes.",
      },
      es: {
        title: "¿Sales de crucero desde PortMiami? Organiza tu ropa alrededor del viaje",
        excerpt: "Empaca ligero y regresa a un clóset limpio: cómo coordinar tus recogidas antes y después del crucero para no deshacer nunca una maleta llena de ropa sucia.",
      },
    },
  },
  {
    slug: "why-two-pickup-days",
    category: "behind-the-scenes",
    author: "Marisol Ortega",
    readTime: 3,
    published: "2025-07-15",
    featured: false,
    text: {
      en: {
        title: "Why we ask you to choose two pickup days a week",
        excerpt: "Two fixed days a week keeps your hamper from overflowing and lets us plan efficient routes in every neighborhood. Here's the thinking behind it.",
      },
      es: {
        title: "Por qué te pedimos elegir dos días de recogida a la semana",
        excerpt: "Dos días fijos a la semana evitan que el cesto se desborde y nos permiten planificar rutas eficientes en cada barrio. Te explicamos el porqué.",
      },
    },
  },
];

export const featuredPosts = blogPosts.filter((p) => p.featured);
/** Newest first. */
export const recentPosts = blogPosts.filter((p) => !p.featured).sort((a, b) => b.published.localeCompare(a.published));

export const findPost = (slug: string | undefined) => blogPosts.find((p) => p.slug === slug);
export const categoryOf = (post: BlogPost) => blogCategories.find((c) => c.id === post.category)!;
/**
 * How many posts of a category a visitor can open. The spec's fixed counts (8, 5, 12, 6) promised posts that
 * do not exist; issue 13 asks the counts to agree with the posts on the site.
 */
export const postCount = (category: BlogCategoryId) => blogPosts.filter((p) => p.category === category).length;
