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
  function handle(name, data) {
    if (name === "hello") {
      // A different build id after a reconnect: the site changed while we were away.
      if (first === null) first = data;
      else if (data !== first) location.reload();
    } else if (name === "reload") {
      location.reload();
    } else if (name === "error" && typeof data === "string") {
      show(data);
    }
  }
  function listen(each) {
    var source = new EventSource("/_docgen/livereload");
    ["hello", "reload", "error"].forEach(function (name) {
      source.addEventListener(name, function (event) {
        if (name !== "error" || typeof event.data === "string") each(name, event.data);
      });
    });
    return source;
  }
  // A browser opens at most 6 HTTP/1.1 connections to a server, for all its tabs: with one
  // event stream per tab, a 7th tab never loaded. One tab (holding a Web Lock) listens and
  // passes the events on to the others of this site over a BroadcastChannel; when it closes,
  // another takes the lock and listens in its place.
  if (!window.BroadcastChannel || !navigator.locks) {
    // No Web Locks (a page neither on localhost nor https): only visible tabs listen. A hidden
    // tab lets go once it has the build id; back in view it listens again, and reloads if
    // the build changed meanwhile (its hello).
    var source = null;
    var each = function (name, data) {
      handle(name, data);
      if (name === "hello" && document.hidden && source) { source.close(); source = null; }
    };
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden && !source) source = listen(each);
      else if (document.hidden && source && first !== null) { source.close(); source = null; }
    });
    source = listen(each);
    return;
  }
  var channel = new BroadcastChannel("docgen-livereload");
  var leading = false;
  var said = {}; // the listening tab's last hello and error, for tabs that open later
  channel.onmessage = function (event) {
    var message = event.data || {};
    if (message.ask) {
      if (leading) {
        if (said.hello !== undefined) channel.postMessage({ name: "hello", data: said.hello });
        if (said.error !== undefined) channel.postMessage({ name: "error", data: said.error });
      }
      return;
    }
    handle(message.name, message.data);
  };
  navigator.locks.request("docgen-livereload", function () {
    leading = true;
    listen(function (name, data) {
      if (name === "hello" || name === "error") said[name] = data;
      if (name === "hello") delete said.error;
      channel.postMessage({ name: name, data: data });
      handle(name, data);
    });
    return new Promise(function () {}); // held while this tab is open
  });
  channel.postMessage({ ask: true });
})();
