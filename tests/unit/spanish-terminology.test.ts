// @vitest-environment node
// The Spanish terminology the site settled on (one word per thing, tú for the customer, Miami's Spanish),
// read from the Spanish catalogs and the Spanish blog, so a new or edited text cannot drift from it.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import PO from "pofile";
import { postBodies, type Block } from "../../src/resources/blog/bodies";
import { blogPosts } from "../../src/resources/blog/posts";
import { serviceAreas } from "../../src/domain/service-areas";

const root = path.resolve(__dirname, "../..");
const catalogNames = readdirSync(path.join(root, "locales/es")).filter((f) => f.endsWith(".po")).map((f) => f.replace(/\.po$/, ""));
// The support panel (?support) is for staff, who read "registro" there as the event log.
const customerCatalogs = catalogNames.filter((name) => name !== "support");

function spanishOf(name: string) {
  const po = PO.parse(readFileSync(path.join(root, "locales/es", `${name}.po`), "utf8"));
  return po.items.map((item) => ({ where: `locales/es/${name}.po: ${item.msgid}`, text: item.msgstr.join("") }));
}

const blockTexts = (block: Block) => ("h2" in block ? [block.h2] : "p" in block ? [block.p] : block.ul);
const blogSpanish = [
  ...Object.entries(postBodies).flatMap(([slug, bodies]) => bodies.es.flatMap(blockTexts).map((text) => ({ where: `blog ${slug}`, text }))),
  ...blogPosts.flatMap((post) => [post.text.es.title, post.text.es.excerpt].map((text) => ({ where: `blog ${post.slug}`, text }))),
];
const customerSpanish = [...customerCatalogs.flatMap(spanishOf), ...blogSpanish];
const allSpanish = [...catalogNames.flatMap(spanishOf), ...blogSpanish];

const offending = (texts: { where: string; text: string }[], pattern: RegExp) =>
  texts.filter(({ text }) => pattern.test(text)).map(({ where, text }) => `${where} -> ${text}`);

describe("Spanish terminology", () => {
  it('says "sign up" with registrarse (Regístrate, al registrarte, el registro), never inscribirse', () => {
    // "Completar Registro", the spec's Spanish for the last step's button, set the word.
    expect(offending(customerSpanish, /inscri[bp]|inscríb/i)).toEqual([]);
  });

  it("speaks to the customer as tú: no usted imperative, no sentence opening with su/sus/le", () => {
    // ustedes stays where the visitor speaks to the company ("Avísenme cuando lleguen").
    expect(offending(allSpanish, /\busted\b/i)).toEqual([]);
    // Imperatives open a sentence or follow "Por favor,"; mid-sentence, "deje" or "espere" are subjunctives.
    const ustedImperative =
      /(^|[.!?:;]\s+|[¿¡]|por favor,\s+)(ingrese|introduzca|seleccione|escriba|elija|revise|haga|intente|espere|regístrese|inscríbase|contáctenos|llámenos|escríbanos|envíenos|díganos|cuéntenos|verifique|confirme|vuelva|agende|cancele|deje|pruebe|pague|acepte|disfrute|reciba|use)\b/i;
    expect(offending(allSpanish, ustedImperative)).toEqual([]);
    expect(offending(allSpanish, /(^|[.!?:;]\s+|[¿¡])(Su|Sus|Le|Les)\s/)).toEqual([]);
  });

  it("uses Miami's Spanish rather than Spain's (escribe, venció, monto, la llave)", () => {
    expect(offending(allSpanish, /\b(introduce|introducir|caducad[oa]|grifo|importe|ordenador)\b/i)).toEqual([]);
  });

  it("names the areas as the area cards do (src/domain/service-areas.ts), not in translation", () => {
    const neighborhoods = serviceAreas.flatMap((area) => area.neighborhoods);
    expect(neighborhoods).toContain("Little Havana");
    expect(neighborhoods).toContain("Design District");
    expect(offending(customerSpanish, /Pequeña Habana|Distrito (del|de) Diseño/i)).toEqual([]);
  });

  it('calls the add-ons "servicios adicionales" and pickups "recogidas", one word each', () => {
    expect(offending(customerSpanish, /\bextras\b/i)).toEqual([]);
    expect(offending(customerSpanish, /recolec|\bretiros?\b/i)).toEqual([]);
  });
});
