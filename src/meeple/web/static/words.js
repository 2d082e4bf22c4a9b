// The words a page script writes, in the reader's language.
//
// Each script keeps its English texts in one `WORDS` table (the catalogue's extraction reads
// them there); the page gives the translations in its #words JSON, English text →
// translation. A text without one stays English.

const translations = JSON.parse(document.getElementById("words")?.textContent || "{}");

/** `english` in the reader's language, with its `{name}` fields filled from `values`. */
export function translate(english, values = {}) {
  return (translations[english] ?? english).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

/** `path` asked in the page's own language (its `<html lang>`), so that what a script fetches
 * reads as the page does, also where the page's language came from a `?lang=` of its own. */
export function inLanguage(path) {
  const language = document.documentElement.lang;
  return language ? `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language)}` : path;
}

/** A `say(key, values)` for a script's `WORDS` table. */
export function sayer(words) {
  return (key, values = {}) => translate(words[key], values);
}
