/* docgen theme bootstrap: runs synchronously in <head>, before first paint.
   Chooses light/dark from the saved choice (localStorage "docgen-theme") or the system
   setting, and applies the site's primary colour from <meta name="docgen-primary">. */
(function () {
  var root = document.documentElement;
  var theme = null;
  try { theme = window.localStorage.getItem("docgen-theme"); } catch (e) { theme = null; }
  if (theme !== "light" && theme !== "dark") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  root.dataset.theme = theme;
  var meta = document.querySelector('meta[name="docgen-primary"]');
  var colour = meta && meta.getAttribute("content");
  if (colour && window.CSS && CSS.supports && CSS.supports("color", colour)) {
    root.style.setProperty("--primary", colour);
  }
})();
