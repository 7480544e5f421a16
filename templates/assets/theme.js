/* docgen theme bootstrap: runs synchronously in <head>, before first paint.
   Chooses light/dark: with <meta name="docgen-appearance" content="dark strict"> (docs.json
   appearance.strict) always the site's default; otherwise the saved choice (localStorage
   "docgen-theme"), else the site's default ("light" / "dark"), else the system setting.
   Sets data-theme on <html>, and the class "dark" in dark mode as Mintlify does (the docs
   repo's own CSS says ".dark .x"; docgen.js keeps both in step when the theme changes).
   Hides a banner the reader dismissed (localStorage "docgen-banner" = its key). */
(function () {
  var root = document.documentElement;
  function meta(name) {
    var node = document.querySelector('meta[name="' + name + '"]');
    return node ? node.getAttribute("content") || "" : "";
  }
  function stored(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  var appearance = meta("docgen-appearance").split(" ");
  var fallback = appearance[0] === "light" || appearance[0] === "dark" ? appearance[0] : null;
  var strict = appearance[1] === "strict";
  var theme = strict ? fallback : stored("docgen-theme");
  if (theme !== "light" && theme !== "dark") { theme = fallback; }
  if (theme !== "light" && theme !== "dark") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  root.dataset.theme = theme;
  root.classList.toggle("dark", theme === "dark");
  if (strict) { root.dataset.themeStrict = fallback || "system"; }
  var banner = meta("docgen-banner");
  if (banner && stored("docgen-banner") === banner) { root.classList.add("banner-dismissed"); }
})();
