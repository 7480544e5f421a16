// Mintlify components (render/components.py): tabs and code groups (arrow keys, Home and End
// move between tabs, WAI-ARIA tabs pattern), the page's <View> selector, an opened accordion's
// hash and the copy button of <Prompt>.
// Pages read fine without it.
(function () {
  "use strict";
  function select(list, tab) {
    list.querySelectorAll('[role="tab"]').forEach(function (t) {
      var on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      if (on) { t.removeAttribute("tabindex"); } else { t.setAttribute("tabindex", "-1"); }
      var panel = document.getElementById(t.getAttribute("aria-controls"));
      if (panel) { panel.hidden = !on; }
    });
  }
  // As on Mintlify, choosing a tab chooses the tab of the same label in every other group of
  // tabs and code group of the page, but for a <Tabs sync={false}> (data-no-sync).
  function label(tab) { return tab.textContent.trim(); }
  function sync(list, tab) {
    var lists = document.querySelectorAll(".mdx-tablist");
    if (list.parentElement.hasAttribute("data-no-sync")) { return; }
    lists.forEach(function (other) {
      if (other === list || other.parentElement.hasAttribute("data-no-sync")) { return; }
      other.querySelectorAll('[role="tab"]').forEach(function (t) {
        if (label(t) === label(tab) && t.getAttribute("aria-selected") !== "true") { select(other, t); }
      });
    });
  }
  // A <Tab id="..."> a reader chooses becomes the page's hash, as an opened accordion does.
  function anchor(tab) {
    var panel = document.getElementById(tab.getAttribute("aria-controls"));
    var mark = panel && panel.querySelector(":scope > .tab-anchor[id]");
    if (mark && window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#" + encodeURIComponent(mark.id));
    }
  }
  document.querySelectorAll(".mdx-tablist").forEach(function (list) {
    list.addEventListener("click", function (event) {
      var tab = event.target.closest('[role="tab"]');
      if (tab) { select(list, tab); sync(list, tab); anchor(tab); }
    });
    list.addEventListener("keydown", function (event) {
      var tabs = Array.prototype.slice.call(list.querySelectorAll('[role="tab"]'));
      var at = tabs.indexOf(document.activeElement);
      if (at < 0) { return; }
      var next = event.key === "ArrowRight" ? at + 1 : event.key === "ArrowLeft" ? at - 1
        : event.key === "Home" ? 0 : event.key === "End" ? tabs.length - 1 : null;
      if (next === null) { return; }
      event.preventDefault();
      var tab = tabs[(next + tabs.length) % tabs.length];
      select(list, tab);
      sync(list, tab);
      tab.focus();
    });
  });
  // The page opened at a place inside a tab (a <Tab id>, a heading in it): docgen.js showed that
  // panel before this script listened to the tabs, so its tab is chosen here, the others hidden.
  (function () {
    var target = null;
    try { target = window.location.hash && document.getElementById(decodeURIComponent(window.location.hash.slice(1))); } catch (e) { target = null; }
    var panel = target && target.closest(".mdx-tabpanel");
    while (panel) {
      var tab = document.getElementById(panel.getAttribute("aria-labelledby") || "");
      var list = tab && tab.closest(".mdx-tablist");
      if (list) { select(list, tab); }
      panel = panel.parentElement && panel.parentElement.closest(".mdx-tabpanel");
    }
  })();
  // An accordion a reader opens becomes the page's hash, as on Mintlify: its link can be
  // shared, and opens it (docgen.js reveals the target of a hash).
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("details.accordion[id] > summary");
    if (!summary || !window.history || !window.history.replaceState) { return; }
    var details = summary.parentElement;
    window.setTimeout(function () {
      if (details.open) { window.history.replaceState(null, "", "#" + encodeURIComponent(details.id)); }
    }, 0);
  });
  // <View>s: the page's view selector (Mintlify's multi-view dropdown) shows every view of
  // the chosen title, and its icon, and hides the others (the first is shown before a choice).
  document.querySelectorAll("[data-mdx-view-select]").forEach(function (select) {
    select.addEventListener("change", function () {
      document.querySelectorAll(".mdx-view[data-mdx-view]").forEach(function (view) {
        view.hidden = view.getAttribute("data-mdx-view") !== select.value;
      });
      document.querySelectorAll("[data-mdx-view-icon]").forEach(function (icon) {
        icon.hidden = icon.getAttribute("data-mdx-view-icon") !== select.value;
      });
    });
  });
  document.querySelectorAll("[data-mdx-copy-button]").forEach(function (button) {
    button.addEventListener("click", function () {
      var body = button.parentElement.querySelector("[data-mdx-copy]");
      if (body && navigator.clipboard) {
        navigator.clipboard.writeText(body.innerText).then(function () { button.textContent = "Copied"; });
      }
    });
  });
})();
