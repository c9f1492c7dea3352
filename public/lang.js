/* global location, localStorage, navigator, document */
// The language rule before paint (product.md SITE-1, decision 011; src/i18n/languages.ts languageRedirect is the same
// rule, and tests/unit/lang-script.test.ts holds them together). A visitor whose saved choice or Spanish
// browser says Spanish goes to the page's /es/ address; a saved English choice leaves /es/; anyone else
// (a crawler, a shared link) stays. Loaded as a blocking script in <head>, so nothing paints first.
(function () {
  var path = location.pathname;
  var isEs = path === "/es" || path.indexOf("/es/") === 0;
  var saved = null;
  try {
    saved = localStorage.getItem("language");
  } catch {
    // storage blocked (private mode): no saved choice, the browser's language decides
  }
  var browser = (navigator.languages && navigator.languages[0]) || navigator.language || "";
  browser = browser.toLowerCase();
  var wanted = saved === "en" || saved === "es" ? saved : browser === "es" || browser.indexOf("es-") === 0 ? "es" : "en";
  var target = null;
  if (wanted === "es" && !isEs) target = "/es" + (path === "/" ? "/" : path);
  if (wanted === "en" && isEs && saved === "en") target = path.slice(3) || "/";
  if (target) {
    document.documentElement.setAttribute("data-language-redirect", "");
    document.documentElement.style.visibility = "hidden";
    location.replace(target + location.search + location.hash);
  }
})();
