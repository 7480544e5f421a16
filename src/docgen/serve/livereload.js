// docgen serve: reload the page when the site is rebuilt; show build errors in a banner.
// Injected by `docgen serve` in watch mode only; never part of a built site.
(function () {
  "use strict";
  if (!window.EventSource) return;
  var first = null;
  var banner = null;
  function show(text) {
    if (!banner) {
      banner = document.createElement("div");
      banner.setAttribute("role", "alert");
      banner.setAttribute("data-docgen-livereload", "");
      banner.style.cssText =
        "position:fixed;left:0;right:0;bottom:0;z-index:2147483647;max-height:40vh;" +
        "overflow:auto;margin:0;padding:10px 14px;background:#7f1d1d;color:#fff;" +
        "font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;" +
        "white-space:pre-wrap;box-shadow:0 -2px 8px rgba(0,0,0,.3)";
      document.body.appendChild(banner);
    }
    banner.textContent = "docgen: the rebuild failed; showing the last good build.\n\n" + text;
  }
  var source = new EventSource("/_docgen/livereload");
  source.addEventListener("hello", function (event) {
    // A different build id after a reconnect: the site changed while we were away.
    if (first === null) first = event.data;
    else if (event.data !== first) location.reload();
  });
  source.addEventListener("reload", function () {
    location.reload();
  });
  source.addEventListener("error", function (event) {
    if (typeof event.data === "string") show(event.data);
  });
})();
