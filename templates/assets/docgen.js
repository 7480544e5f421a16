/* docgen front-end behaviour. Vanilla ES2019, no dependencies, no network access except the
   site's own search index (Pagefind's, shipped in the site) and navigation data. Every result
   shown to the user is built with createElement and textContent: nothing from the index or the
   page is ever parsed as HTML.
   Every feature is optional: a missing element means the feature is skipped, never a console
   error. */
(function () {
  "use strict";

  var doc = document;
  var root = doc.documentElement;

  function $(sel, ctx) { return (ctx || doc).querySelector(sel); }
  function $$(sel, ctx) { return Array.prototype.slice.call((ctx || doc).querySelectorAll(sel)); }
  function safe(fn) { try { fn(); } catch (e) { /* a broken feature must not break the others */ } }
  function storageGet(key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } }
  function storageSet(key, value) { try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ } }
  function isEditable(el) {
    if (!el || !el.tagName) { return false; }
    var tag = el.tagName.toLowerCase();
    return tag === "input" || tag === "textarea" || tag === "select" || el.isContentEditable;
  }
  function siteBase() {
    var meta = $('meta[name="docgen-base"]');
    var base = meta ? meta.getAttribute("content") || "" : "";
    if (base && base.charAt(base.length - 1) !== "/") { base += "/"; }
    return base;
  }
  function el(tag, className, text) {
    var node = doc.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  /* ---------------------------------------------------------------- theme */
  function initTheme() {
    var button = $("[data-docgen-theme]");
    function current() { return root.dataset.theme === "dark" ? "dark" : "light"; }
    function sync() {
      /* class="dark" as Mintlify sets it: the docs repo's own CSS says ".dark .x" */
      root.classList.toggle("dark", current() === "dark");
      if (button) { button.setAttribute("aria-pressed", current() === "dark" ? "true" : "false"); }
    }
    if (root.dataset.theme !== "dark" && root.dataset.theme !== "light") { root.dataset.theme = "light"; }
    sync();
    if (button) {
      button.addEventListener("click", function () {
        var next = current() === "dark" ? "light" : "dark";
        root.dataset.theme = next;
        storageSet("docgen-theme", next);
        sync();
      });
    }
    if (window.matchMedia) {
      var mq = window.matchMedia("(prefers-color-scheme: dark)");
      var onChange = function (e) {
        var saved = storageGet("docgen-theme");
        var strict = root.dataset.themeStrict;
        if (strict === "light" || strict === "dark") { return; }
        if (strict === "system" || (saved !== "light" && saved !== "dark")) {
          root.dataset.theme = e.matches ? "dark" : "light";
          sync();
        }
      };
      if (mq.addEventListener) { mq.addEventListener("change", onChange); }
      else if (mq.addListener) { mq.addListener(onChange); }
    }
  }

  /* ---------------------------------------------------------------- banner */
  function initBanner() {
    var banner = $("[data-docgen-banner]");
    var close = $("[data-docgen-banner-close]");
    var key = doc.querySelector('meta[name="docgen-banner"]');
    if (!banner || !close || !key) { return; }
    close.addEventListener("click", function () {
      storageSet("docgen-banner", key.getAttribute("content") || "");
      root.classList.add("banner-dismissed");
    });
  }

  /* -------------------------------------------------------- mobile sidebar */
  function initSidebar() {
    var sidebar = $("#sidebar");
    var button = $("[data-docgen-menu]");
    var backdrop = $("[data-docgen-backdrop]");
    if (!sidebar) { return; }

    // Bring the current page into view inside the sidebar's own scroll area.
    var active = $('[aria-current="page"]', sidebar);
    var scroller = $(".sidebar-inner", sidebar) || sidebar;
    if (active && scroller) {
      var top = active.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
      if (top > scroller.clientHeight - 80) { scroller.scrollTop = top - scroller.clientHeight / 3; }
    }
    if (!button) { return; }

    function setOpen(open, restoreFocus) {
      doc.body.classList.toggle("sidebar-open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
      button.setAttribute("aria-label", open ? "Close navigation" : "Open navigation");
      if (backdrop) { backdrop.hidden = !open; }
      // Keep keyboard focus inside the drawer while it is open (the skip link and the banner
      // too: Tab past the drawer's last link went to "Skip to content", behind the drawer).
      $$(".skip-link, .site-banner, .topbar, .content-wrap").forEach(function (region) {
        if (open) { region.setAttribute("inert", ""); } else { region.removeAttribute("inert"); }
      });
      if (open) {
        var target = $('[aria-current="page"]', sidebar) || $("a, summary", sidebar);
        if (target) { target.focus({ preventScroll: false }); }
      } else if (restoreFocus) {
        button.focus();
      }
    }
    button.addEventListener("click", function () {
      setOpen(!doc.body.classList.contains("sidebar-open"), false);
    });
    if (backdrop) { backdrop.addEventListener("click", function () { setOpen(false, true); }); }
    $$("[data-docgen-menu-close]").forEach(function (b) {
      b.addEventListener("click", function () { setOpen(false, true); });
    });
    doc.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && doc.body.classList.contains("sidebar-open")) { setOpen(false, true); }
    });
    sidebar.addEventListener("click", function (e) {
      var link = e.target && e.target.closest ? e.target.closest("a[href]") : null;
      if (link && doc.body.classList.contains("sidebar-open")) { setOpen(false, false); }
    });
    if (window.matchMedia) {
      var wide = window.matchMedia("(min-width: 900px)");
      var onWide = function (e) { if (e.matches) { setOpen(false, false); } };
      if (wide.addEventListener) { wide.addEventListener("change", onWide); }
      else if (wide.addListener) { wide.addListener(onWide); }
    }
  }

  /* ------------------------------------------------- big sidebars, on demand */
  /* A big section's sidebar holds its group headings and the current group only; the other
     groups come from the section's nav data file (_docgen/nav/<key>.json), fetched once when
     the reader opens a group or asks for more links, and built with createElement. */
  function methodBadge(method) {
    var m = String(method).toUpperCase();
    var cls = m === "WEBHOOK" || m === "HOOK" ? "hook" : m.toLowerCase().replace(/[^a-z]/g, "");
    var short = { DELETE: "DEL", OPTIONS: "OPT", WEBHOOK: "HOOK" }[m];
    var badge = el("span", "method method-" + cls, short ? null : m);
    if (short) {
      var visible = el("span", null, short);
      visible.setAttribute("aria-hidden", "true");
      badge.appendChild(visible);
      badge.appendChild(el("span", "visually-hidden", m));
    }
    return badge;
  }

  function samePage(a, b) {
    function clean(path) { return path.replace(/index\.html$/, "").replace(/\/?$/, "/"); }
    return clean(a) === clean(b);
  }

  function initLazyNav() {
    var rootList = $("[data-docgen-nav]");
    if (!rootList) { return; }
    var file = rootList.getAttribute("data-docgen-nav") || "";
    if (!/^_docgen\/nav\/[A-Za-z0-9_-]+\.json$/.test(file)) { return; }
    var base = siteBase();
    var here = window.location.pathname;
    var data = null;
    var loading = null;

    function load() {
      if (data) { return Promise.resolve(data); }
      if (!loading) {
        loading = fetch(base + file, { credentials: "same-origin" })
          .then(function (r) { if (!r.ok) { throw new Error("HTTP " + r.status); } return r.json(); })
          .then(function (json) {
            data = json && Array.isArray(json.items) ? json : { items: [] };
            return data;
          });
        loading.catch(function () { loading = null; });
      }
      return loading;
    }

    function find(key) {
      if (key === "") { return { c: data.items }; }
      var list = data.items;
      var node = null;
      var parts = String(key).split(".");
      for (var i = 0; i < parts.length; i++) {
        node = list[Number(parts[i])];
        if (!node || typeof node !== "object") { return null; }
        list = Array.isArray(node.c) ? node.c : [];
      }
      return node;
    }

    function usable(node) {
      return node && typeof node.l === "string" && !node.h &&
        (Array.isArray(node.c) || (typeof node.u === "string" &&
          (node.x ? /^(https?:|mailto:|[\/.#])/i.test(node.u) : !/^\s*[a-z][a-z0-9+.-]*:/i.test(node.u))));
    }

    function isHere(node) {
      var a = doc.createElement("a");
      if (node.x) { return false; }
      a.href = base + node.u.replace(/^[\/\\]+/, "");
      return samePage(a.pathname, here);
    }

    function rootOf(node) {
      return typeof node.r === "string" && !/^\s*[a-z][a-z0-9+.-]*:/i.test(node.r) ? node.r : null;
    }

    function holdsHere(node) {
      if (!Array.isArray(node.c)) { return isHere(node); }
      if (rootOf(node) !== null && isHere({ u: rootOf(node) })) { return true; }
      for (var i = 0; i < node.c.length; i++) { if (usable(node.c[i]) && holdsHere(node.c[i])) { return true; } }
      return false;
    }

    function link(node) {
      var a = el("a", "nav-link");
      a.href = node.x ? node.u : base + node.u.replace(/^[\/\\]+/, "");
      if (node.x) { a.rel = "noopener noreferrer"; }
      if (node.d) { a.classList.add("deprecated"); }
      if (samePage(a.pathname, here)) {
        a.classList.add("active");
        a.setAttribute("aria-current", "page");
      }
      var mark = iconOf(node);
      if (mark) { a.appendChild(mark); }
      if (typeof node.m === "string" && node.m) { a.appendChild(methodBadge(node.m)); }
      a.appendChild(el("span", "nav-label", node.l));
      if (typeof node.t === "string" && node.t) { a.appendChild(el("span", "nav-tag", node.t)); }
      if (node.d) {
        var mark = el("span", "nav-tag nav-tag-deprecated", "deprecated");
        mark.setAttribute("aria-hidden", "true");
        a.appendChild(mark);
        a.appendChild(el("span", "visually-hidden", " (deprecated)"));
      }
      if (node.x) { a.appendChild(el("span", "visually-hidden", " (external link)")); }
      return a;
    }

    /* An entry's icon from its markup (docgen's own, as the page's sidebar has it); an
       image's root-relative src, and the root-relative address of a named icon's symbol
       (_docgen/icons.svg#...), are made relative to this page. */
    function iconOf(node) {
      if (typeof node.i !== "string" || !node.i) { return null; }
      var holder = doc.createElement("template");
      holder.innerHTML = node.i;
      var mark = holder.content.firstElementChild;
      if (!mark) { return null; }
      if (mark.tagName.toLowerCase() === "img") {
        var src = mark.getAttribute("src") || "";
        if (/^\s*([a-z][a-z0-9+.-]*:|\/\/)/i.test(src)) { return null; }
        mark.setAttribute("src", base + src.replace(/^[\/\\]+/, ""));
      }
      Array.prototype.forEach.call(mark.querySelectorAll("use"), function (use) {
        var ref = use.getAttribute("href") || "";
        if (/^\s*([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref)) { use.removeAttribute("href"); return; }
        use.setAttribute("href", base + ref.replace(/^[\/\\]+/, ""));
      });
      return mark;
    }

    /* The address of a group's first page (for interaction.drilldown), or null. */
    function firstLink(node) {
      if (rootOf(node) !== null) { return base + rootOf(node).replace(/^[\/\\]+/, ""); }
      if (!Array.isArray(node.c)) { return usable(node) && !node.x ? base + node.u.replace(/^[\/\\]+/, "") : null; }
      for (var i = 0; i < node.c.length; i++) {
        var found = usable(node.c[i]) ? firstLink(node.c[i]) : null;
        if (found) { return found; }
      }
      return null;
    }

    /* A group's tag (docs.json groups[].tag), as text, beside its name. */
    function groupTag(summary, node) {
      if (typeof node.t === "string" && node.t) { summary.appendChild(el("span", "nav-tag nav-group-tag", node.t)); }
    }

    /* A group: its entries now when it holds this page, else when the reader opens it. */
    /* A big section's title, tag and page count (nav.html's lazy_section draws the same). */
    function sectionHead(into, node) {
      into.appendChild(el("span", "nav-section-title", node.l));
      groupTag(into, node);
      var count = el("span", "nav-count", typeof node.n === "number" ? node.n : "");
      count.appendChild(el("span", "visually-hidden", " pages"));
      into.appendChild(count);
    }
    function group(node, key, top) {
      var li = el("li", top ? "nav-section nav-lazy" : "nav-group");
      var details = el("details");
      details.setAttribute("data-docgen-nav-group", key);
      var summary = el("summary");
      var mark = iconOf(node);
      var root = rootOf(node);
      if (root !== null) {
        /* A group with a root page: its link, and a toggle beside it (as nav.html draws it). */
        li.classList.add(top ? "nav-lazy-rooted" : "nav-group-rooted");
        var own = link({ l: node.l, u: root });
        own.classList.remove("nav-link");  /* keeps "active" when it is this page */
        own.classList.add(top ? "nav-lazy-link" : "nav-group-link");
        while (own.firstChild) { own.removeChild(own.firstChild); }
        if (mark) { own.appendChild(mark); }
        if (top) {
          sectionHead(own, node);
        } else {
          var name = el("span", null, node.l);
          groupTag(name, node);
          own.appendChild(name);
          summary.appendChild(chevronIcon());
        }
        li.appendChild(own);
        summary.appendChild(el("span", "visually-hidden nav-toggle-show", "Show " + node.l));
        summary.appendChild(el("span", "visually-hidden nav-toggle-hide", "Hide " + node.l));
      } else if (top) {
        if (mark) { summary.appendChild(mark); }
        sectionHead(summary, node);
      } else {
        summary.appendChild(chevronIcon());
        if (mark) { summary.appendChild(mark); }
        summary.appendChild(el("span", null, node.l));
        groupTag(summary, node);
      }
      details.appendChild(summary);
      if (holdsHere(node)) {
        details.open = true;
        details.appendChild(list(node.c, key, false, root));
      } else {
        var pending = el("span");
        pending.setAttribute("data-docgen-nav-pending", "");
        var first = firstLink(node);
        if (first) { pending.setAttribute("data-docgen-first", first); }
        details.appendChild(pending);
      }
      li.appendChild(details);
      return li;
    }

    /* ``root``: the owning group's root page, which its own link shows (not listed again). */
    function entries(target, children, prefix, top, root) {
      children.forEach(function (node, i) {
        if (!usable(node)) { return; }
        if (root && !Array.isArray(node.c) && !node.x && node.u === root) { return; }
        var key = prefix === "" ? String(i) : prefix + "." + i;
        if (Array.isArray(node.c)) {
          target.appendChild(group(node, key, top));
        } else {
          var li = el("li", top ? "nav-top-link" : null);
          li.appendChild(link(node));
          target.appendChild(li);
        }
      });
    }

    function list(children, key, top, root) {
      var ul = el("ul", "nav-list");
      ul.setAttribute("data-docgen-nav-key", key);
      entries(ul, children, key, top, root);
      return ul;
    }

    /* Puts every entry of ``key`` in place of ``stale`` (a stand-in link or a windowed list). */
    function fill(stale, key, focusHref) {
      if (stale.getAttribute("data-docgen-nav-loading")) { return Promise.resolve(false); }
      stale.setAttribute("data-docgen-nav-loading", "");
      return load().then(function () {
        stale.removeAttribute("data-docgen-nav-loading");
        var node = find(key);
        if (!node || !Array.isArray(node.c) || !stale.parentNode) { return false; }
        var fresh;
        if (stale === rootList) {
          while (rootList.firstChild) { rootList.removeChild(rootList.firstChild); }
          entries(rootList, node.c, "", true);
          fresh = rootList;
        } else {
          fresh = list(node.c, key, false, rootOf(node));
          stale.parentNode.replaceChild(fresh, stale);
        }
        if (focusHref) {
          var target = $$("a[href]", fresh).filter(function (a) { return a.href === focusHref; })[0];
          if (target) { target.focus(); }
        }
        return true;
      }, function () {
        stale.removeAttribute("data-docgen-nav-loading");
        return false;
      });
    }

    rootList.addEventListener("toggle", function (e) {
      var details = e.target;
      if (!details || !details.open || !details.hasAttribute || !details.hasAttribute("data-docgen-nav-group")) { return; }
      var pending = details.querySelector(":scope > [data-docgen-nav-pending]");
      if (pending) { fill(pending, details.getAttribute("data-docgen-nav-group"), null); }
    }, true);

    rootList.addEventListener("click", function (e) {
      var more = e.target && e.target.closest ? e.target.closest("[data-docgen-nav-more], [data-docgen-nav-pending]") : null;
      if (!more || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) { return; }
      var owner = more.hasAttribute("data-docgen-nav-more")
        ? more.closest("ul[data-docgen-nav-key]")
        : more.closest("[data-docgen-nav-group]");
      if (!owner) { return; }
      e.preventDefault();
      var href = more.href;
      var key = owner.getAttribute(owner.tagName.toLowerCase() === "ul" ? "data-docgen-nav-key" : "data-docgen-nav-group");
      var stale = owner.tagName.toLowerCase() === "ul" ? owner : more;
      fill(stale, key, href).then(function (done) { if (!done) { window.location.href = href; } });
    });
  }

  /* docs.json interaction.drilldown: opening a sidebar group (a click, or Enter on its
     heading) also goes to its first page (its root page when its title links to one).
     Closing a group only closes it. */
  function initDrilldown() {
    var sidebar = $("#sidebar");
    if (!sidebar || !doc.documentElement.hasAttribute("data-drilldown")) { return; }
    sidebar.addEventListener("click", function (e) {
      var summary = e.target && e.target.closest ? e.target.closest("summary") : null;
      if (!summary || e.target.closest("a[href]") || e.button !== 0) { return; }
      var details = summary.parentElement;
      if (!details || details.tagName.toLowerCase() !== "details" || details.open) { return; }
      var root = details.previousElementSibling;
      var first = root && root.matches("a.nav-group-link[href], a.nav-lazy-link[href]") ? root
        : $("a.nav-group-link[href], a.nav-link[href]:not([rel]), a[data-docgen-nav-pending][href], [data-docgen-first]", details);
      var href = first && (first.getAttribute("data-docgen-first") || first.href);
      if (href) { window.location.href = href; }
    });
  }

  /* --------------------------------------------------------- version select */
  function initVersions() {
    $$("select[data-docgen-version]").forEach(function (select) {
      select.addEventListener("change", function () {
        var url = select.value;
        if (url && !/^\s*(javascript|vbscript|data):/i.test(url)) { window.location.href = url; }
      });
    });
  }

  /* ------------------------------------------------------------- clipboard */
  /* Resolves to true when the text reached the clipboard; shared with playground.js. */
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(
        function () { return true; },
        function () { return fallbackCopy(text); }
      );
    }
    return Promise.resolve(fallbackCopy(text));
  }
  window.docgenCopy = copyText;
  function fallbackCopy(text) {
    var area = el("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.top = "-1000px";
    area.style.opacity = "0";
    doc.body.appendChild(area);
    var previous = doc.activeElement;
    area.select();
    var ok = false;
    try { ok = doc.execCommand("copy"); } catch (e) { ok = false; }
    doc.body.removeChild(area);
    if (previous && previous.focus) { previous.focus({ preventScroll: true }); }
    return ok;
  }

  var liveRegion = null;
  function announce(message) {
    if (!liveRegion) {
      liveRegion = el("div", "visually-hidden");
      liveRegion.setAttribute("role", "status");
      liveRegion.setAttribute("aria-live", "polite");
      doc.body.appendChild(liveRegion);
    }
    liveRegion.textContent = "";
    window.setTimeout(function () { liveRegion.textContent = message; }, 30);
  }

  function flashCopied(button) {
    var label = $(".copy-button-text", button);
    button.classList.add("copied");
    if (label) { label.textContent = "Copied"; }
    announce("Copied to clipboard");
    window.clearTimeout(button._docgenTimer);
    button._docgenTimer = window.setTimeout(function () {
      button.classList.remove("copied");
      if (label) { label.textContent = "Copy"; }
    }, 1600);
  }

  /* The text a copy button copies: its own value, else the visible code of its block. */
  function copySource(button) {
    var value = button.getAttribute("data-docgen-copy");
    if (value) { return value; }
    var scope = button.closest("[data-docgen-tabs], .code-group, .docgen-codeblock");
    if (!scope) { return ""; }
    var panels = $$("pre code, pre", scope).filter(function (node) {
      return node.offsetParent !== null || node.getClientRects().length > 0;
    });
    var code = panels.length ? panels[0] : null;
    return code ? code.textContent : "";
  }

  function initCopy() {
    doc.addEventListener("click", function (e) {
      var button = e.target && e.target.closest ? e.target.closest("[data-docgen-copy]") : null;
      if (!button) { return; }
      var text = copySource(button);
      if (!text) { return; }
      copyText(text.replace(/\n$/, "")).then(function () { flashCopied(button); });
    });

    // Copy buttons for fenced code in Markdown (not already in a tabbed group).
    $$(".prose pre").forEach(function (pre) {
      if (pre.closest(".code-group, [data-docgen-tabs]")) { return; }
      var wrap = pre.closest(".docgen-codeblock");  // a titled block comes wrapped
      if (!wrap) {
        wrap = el("div", "docgen-codeblock");
        pre.parentNode.insertBefore(wrap, pre);
        wrap.appendChild(pre);
      }
      if (!$(".copy-button", wrap)) { wrap.appendChild(makeCopyButton("Copy code")); }
    });
    $$(".prose .code-group").forEach(function (group) {
      var tabs = $(".code-tabs", group);
      if (tabs && !$("[data-docgen-copy]", group)) {
        var b = makeCopyButton("Copy code");
        b.classList.add("code-group-copy");
        tabs.appendChild(b);
      }
    });
  }

  /* A fence with Mintlify's `expandable` option: past 15 lines, it shows the first ones
     and a button to see the rest (the whole block stays without this script). */
  function initExpandable() {
    $$("pre[data-expandable]").forEach(function (pre) {
      var count = pre.textContent.replace(/\n$/, "").split("\n").length;
      if (count <= 15 || pre.classList.contains("is-collapsed")) { return; }
      var more = "Show all " + count + " lines";
      var button = el("button", "code-expand", more);
      button.type = "button";
      button.setAttribute("aria-expanded", "false");
      pre.classList.add("is-collapsed");
      pre.parentNode.insertBefore(button, pre.nextSibling);
      button.addEventListener("click", function () {
        var open = pre.classList.toggle("is-collapsed") === false;
        button.setAttribute("aria-expanded", open ? "true" : "false");
        button.textContent = open ? "Show fewer lines" : more;
      });
    });
  }

  /* ------------------------------------------------------------- page menu */
  /* docs.json "contextual": copy the page's Markdown twin, and fill the links' placeholders:
     $url (the twin's absolute URL), $path (the page's path), $page (the twin's text, cut to
     8,000 characters so the address stays usable; fetched when the menu first opens). */
  var PAGE_TEXT_MAX = 8000;
  function initPageMenu() {
    $$("[data-docgen-page-menu]").forEach(function (menu) {
      var twin = menu.getAttribute("data-docgen-page-menu");
      var twinUrl = new URL(twin, window.location.href).href;
      var text = null;
      var pending = null;
      function pageText() {
        if (text !== null) { return Promise.resolve(text); }
        if (!pending) {
          pending = fetch(twin, { credentials: "same-origin" }).then(function (r) {
            if (!r.ok) { throw new Error("HTTP " + r.status); }
            return r.text();
          }).then(function (body) { text = body; fill(); return body; });
          pending.catch(function () { pending = null; });
        }
        return pending;
      }
      function fill() {
        $$("[data-docgen-menu-query]", menu).forEach(function (link) {
          var pairs;
          try { pairs = JSON.parse(link.getAttribute("data-docgen-menu-query") || "[]"); } catch (e) { return; }
          if (!pairs.length) { return; }
          if (!link._docgenBase) { link._docgenBase = link.getAttribute("href"); }
          var wantsPage = pairs.some(function (p) { return String(p[1]).indexOf("$page") !== -1; });
          if (wantsPage && text === null) { return; }
          var url = new URL(link._docgenBase, window.location.href);
          pairs.forEach(function (p) {
            var value = String(p[1]).split("$url").join(twinUrl)
              .split("$path").join(window.location.pathname)
              .split("$page").join((text || "").slice(0, PAGE_TEXT_MAX));
            url.searchParams.set(String(p[0]), value);
          });
          link.href = url.href;
        });
      }
      fill();
      var more = $("details", menu);
      if (more) {
        more.addEventListener("toggle", function () { if (more.open) { pageText().catch(function () {}); } });
        doc.addEventListener("click", function (e) { if (more.open && !more.contains(e.target)) { more.open = false; } });
        more.addEventListener("keydown", function (e) {
          if (e.key === "Escape" && more.open) { more.open = false; $("summary", more).focus(); }
        });
      }
      // Fetched before the click where possible: a clipboard write long after it is refused.
      menu.addEventListener("pointerenter", function () { pageText().catch(function () {}); });
      menu.addEventListener("focusin", function () { pageText().catch(function () {}); });
      $$("[data-docgen-copy-page]", menu).forEach(function (button) {
        button.addEventListener("click", function () {
          pageText().then(copyText).then(function (ok) {
            if (!ok) { return; }
            var title = $(".page-menu-title", button);
            var was = title ? title.textContent : "";
            button.classList.add("copied");
            if (title) { title.textContent = "Copied"; }
            announce("Page copied as Markdown");
            window.setTimeout(function () {
              button.classList.remove("copied");
              if (title) { title.textContent = was; }
            }, 1600);
          }, function () { announce("The page could not be copied"); });
        });
      });
    });
  }

  function makeCopyButton(label) {
    var b = el("button", "copy-button");
    b.type = "button";
    b.setAttribute("aria-label", label);
    b.setAttribute("title", label);
    b.setAttribute("data-docgen-copy", "");
    b.appendChild(svgIcon("copy"));
    b.appendChild(svgIcon("check"));
    b.appendChild(el("span", "copy-button-text", "Copy"));
    return b;
  }

  /* The chevron as icons.html draws it (docgen.css gives it its shape). */
  function chevronIcon() {
    var mark = el("span", "icon icon-chevron");
    mark.setAttribute("aria-hidden", "true");
    return mark;
  }

  function svgIcon(kind) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = doc.createElementNS(ns, "svg");
    svg.setAttribute("class", "icon icon-" + kind);
    svg.setAttribute("width", "14");
    svg.setAttribute("height", "14");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("fill", "none");
    svg.setAttribute("stroke", "currentColor");
    svg.setAttribute("stroke-width", "2");
    svg.setAttribute("stroke-linecap", "round");
    svg.setAttribute("stroke-linejoin", "round");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    var shapes = kind === "copy"
      ? [["rect", { x: "9", y: "9", width: "13", height: "13", rx: "2" }],
         ["path", { d: "M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" }]]
      : [["path", { d: "M20 6 9 17l-5-5" }]];
    shapes.forEach(function (s) {
      var node = doc.createElementNS(ns, s[0]);
      Object.keys(s[1]).forEach(function (k) { node.setAttribute(k, s[1][k]); });
      svg.appendChild(node);
    });
    return svg;
  }

  /* ------------------------------------------------------------------ tabs */
  var tabsets = [];

  function buildTabset(container) {
    var tabs, panels;
    if (container.hasAttribute("data-docgen-tabs")) {
      tabs = $$('[role="tab"]', container).filter(function (t) {
        return t.closest("[data-docgen-tabs]") === container;
      });
      panels = tabs.map(function (t) {
        var id = t.getAttribute("aria-controls");
        return id ? doc.getElementById(id) : null;
      });
    } else {
      // A Markdown code group: .code-tabs buttons and the panels that follow them.
      var bar = $(".code-tabs", container);
      if (!bar) { return null; }
      tabs = $$("button", bar).filter(function (b) { return !b.hasAttribute("data-docgen-copy"); });
      var candidates = Array.prototype.slice.call(container.children).filter(function (c) { return c !== bar; });
      panels = tabs.map(function (t, i) {
        var id = t.getAttribute("aria-controls");
        return (id && doc.getElementById(id)) || candidates[i] || null;
      });
      bar.setAttribute("role", "tablist");
      var selected = tabs.map(function (t) { return t.getAttribute("aria-selected") === "true"; });
      var first = selected.indexOf(true);
      tabs.forEach(function (t, i) {
        t.setAttribute("role", "tab");
        t.setAttribute("type", "button");
        var on = first === -1 ? i === 0 : i === first;
        t.setAttribute("aria-selected", on ? "true" : "false");
        t.tabIndex = on ? 0 : -1;
        if (panels[i]) {
          panels[i].setAttribute("role", "tabpanel");
          panels[i].hidden = !on;
        }
      });
    }
    if (!tabs.length) { return null; }
    return { container: container, tabs: tabs, panels: panels };
  }

  function selectTab(set, index, focus, fromSync) {
    set.tabs.forEach(function (t, i) {
      var on = i === index;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      if (set.panels[i]) { set.panels[i].hidden = !on; }
    });
    var tab = set.tabs[index];
    if (focus && tab) { tab.focus(); }
    var shown = set.panels[index];
    if (shown && shown.hasAttribute("data-media-type")) { showMediaType(set.container, shown.getAttribute("data-media-type")); }
    var lang = tab ? tab.getAttribute("data-lang") : null;
    if (lang && !fromSync) {
      storageSet("docgen-lang", lang);
      syncLanguage(lang, set);
    }
  }

  /* A body of several media types: its example tab picked, the page's request samples show
     that type's (unless the playground made them follow its form), and the playground hears. */
  function showMediaType(container, mediaType) {
    var scope = container.closest(".op-layout") || doc;
    $$(".sample-request [role=tabpanel]", scope).forEach(function (panel) {
      var pres = $$("pre[data-media-type]", panel);
      var match = pres.filter(function (pre) { return pre.getAttribute("data-media-type") === mediaType; })[0];
      if (!match || $("pre[data-pg-live]", panel)) { return; }
      pres.forEach(function (pre) { pre.hidden = pre !== match; });
    });
    container.dispatchEvent(new CustomEvent("docgen:media-type", { bubbles: true, detail: { mediaType: mediaType } }));
  }

  function syncLanguage(lang, except) {
    tabsets.forEach(function (other) {
      if (other === except) { return; }
      for (var i = 0; i < other.tabs.length; i++) {
        if (other.tabs[i].getAttribute("data-lang") === lang) { selectTab(other, i, false, true); return; }
      }
    });
  }

  function initTabs() {
    $$("[data-docgen-tabs], .code-group").forEach(function (container) {
      var set = buildTabset(container);
      if (!set) { return; }
      tabsets.push(set);
      set.tabs.forEach(function (tab, i) {
        tab.addEventListener("click", function () { selectTab(set, i, false, false); });
        tab.addEventListener("keydown", function (e) {
          var n = set.tabs.length;
          var next = null;
          if (e.key === "ArrowRight" || e.key === "ArrowDown") { next = (i + 1) % n; }
          else if (e.key === "ArrowLeft" || e.key === "ArrowUp") { next = (i - 1 + n) % n; }
          else if (e.key === "Home") { next = 0; }
          else if (e.key === "End") { next = n - 1; }
          if (next !== null) {
            e.preventDefault();
            selectTab(set, next, true, false);
          }
        });
      });
    });
    var lang = storageGet("docgen-lang");
    if (lang) { syncLanguage(lang, null); }
  }

  /* Make an element visible: open every ancestor <details>, select every ancestor tab panel
     and view. */
  function reveal(target) {
    var node = target;
    while (node && node !== doc.body) {
      if (node.tagName && node.tagName.toLowerCase() === "details" && !node.open) { node.open = true; }
      if (node.getAttribute && node.getAttribute("role") === "tabpanel" && node.hidden) {
        var known = false;
        for (var s = 0; s < tabsets.length; s++) {
          var idx = tabsets[s].panels.indexOf(node);
          if (idx !== -1) { selectTab(tabsets[s], idx, false, true); known = true; break; }
        }
        /* A <Tabs> panel (components.js): its tab selected as a click would, so the panel
           shown before is hidden again. */
        var button = known ? null : doc.getElementById(node.getAttribute("aria-labelledby") || "");
        if (button && button.getAttribute("role") === "tab") { button.click(); }
        node.hidden = false;
      }
      /* A <View> of another title: that view chosen in the page's selector (components.js). */
      var select = node.classList && node.classList.contains("mdx-view") && node.hidden ? $("[data-mdx-view-select]") : null;
      if (select) {
        select.value = node.getAttribute("data-mdx-view");
        select.dispatchEvent(new Event("change"));
      }
      node = node.parentNode;
    }
  }

  function targetFromHash() {
    var hash = window.location.hash;
    if (!hash || hash.length < 2) { return null; }
    var id;
    try { id = decodeURIComponent(hash.slice(1)); } catch (e) { id = hash.slice(1); }
    return doc.getElementById(id) || looseTarget(id);
  }

  /* A link written for another anchor rule (Mintlify's earlier ones, GitHub's) names the same
     heading with other punctuation: the heading whose id has the same letters and digits. */
  function looseForm(text) {
    return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  }
  function looseTarget(id) {
    var wanted = looseForm(id);
    if (!wanted) { return null; }
    var headings = $$("h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]");
    for (var i = 0; i < headings.length; i++) {
      if (looseForm(headings[i].id) === wanted) { return headings[i]; }
    }
    return null;
  }

  function showHashTarget(smooth) {
    var target = targetFromHash();
    if (!target) { return; }
    reveal(target);
    $$(".is-target").forEach(function (n) { n.classList.remove("is-target"); });
    target.classList.add("is-target");
    window.requestAnimationFrame(function () {
      target.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
    });
  }

  /* -------------------------------------------------------- anchor links */
  function initAnchors() {
    doc.addEventListener("click", function (e) {
      var a = e.target && e.target.closest ? e.target.closest("[data-docgen-anchor]") : null;
      if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) { return; }
      e.preventDefault();
      var field = a.closest("[id]");
      var url = a.href; // resolved: absolute docs URL, or this page's URL + #anchor
      copyText(url).then(function () {
        a.classList.add("copied");
        announce("Link copied");
        window.clearTimeout(a._docgenTimer);
        a._docgenTimer = window.setTimeout(function () { a.classList.remove("copied"); }, 1600);
      });
      if (field && field.id) {
        var hash = "#" + encodeURIComponent(field.id).replace(/%2E/g, ".");
        if (window.location.hash === hash) { showHashTarget(true); }
        else if (window.history && window.history.pushState) {
          window.history.pushState(null, "", hash);
          showHashTarget(true);
        } else {
          window.location.hash = hash;
        }
      }
    });
    window.addEventListener("hashchange", function () { showHashTarget(true); });
    window.addEventListener("popstate", function () { showHashTarget(false); });
    showHashTarget(false);
  }

  /* ----------------------------------------------------- on-this-page spy */
  function initToc() {
    var links = $$(".toc a[href^='#']");
    if (!links.length) { return; }
    var byId = {};
    var headings = [];
    links.forEach(function (a) {
      var id;
      try { id = decodeURIComponent(a.getAttribute("href").slice(1)); } catch (e) { return; }
      var h = doc.getElementById(id);
      if (h) { byId[id] = a; headings.push(h); }
    });
    if (!headings.length) { return; }
    /* The current section: the first heading in the band from 80px below the top to 45% of
       the window, else the last one above it (the reader is inside its section; a heading in
       a closed tab or accordion does not count). Measured at each scroll, so a jump (Page
       Down, End, a fast wheel) that skips headings still lands on the right one. */
    var list = links[0].closest(".toc-inner") || links[0].parentElement;
    var pending = false;
    function update() {
      pending = false;
      var band = window.innerHeight * 0.45, current = null;
      for (var i = 0; i < headings.length; i++) {
        var h = headings[i];
        if (!h.getClientRects().length) { continue; }
        var top = h.getBoundingClientRect().top;
        if (top > band) { break; }
        current = h.id;
        if (top >= 80) { break; }
      }
      current = current || headings[0].id;
      var link = byId[current];
      if (!link || link.classList.contains("active")) { return; }
      links.forEach(function (a) { a.classList.remove("active"); });
      link.classList.add("active");
      // A long table of contents scrolls in its own box: keep the current entry in it.
      if (list && list.scrollHeight > list.clientHeight + 1) {
        var box = list.getBoundingClientRect(), at = link.getBoundingClientRect();
        if (at.top < box.top || at.bottom > box.bottom) {
          list.scrollTop += at.top - box.top - (list.clientHeight - at.height) / 2;
        }
      }
    }
    function schedule() {
      if (!pending) { pending = true; window.requestAnimationFrame(update); }
    }
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    update();
  }

  /* The table of contents lists a heading inside a tab (or a <View>) only while that tab (that
     view) is shown, as Mintlify's does (whichever script switches it). */
  function initTocTabs() {
    var items = $$(".toc li[data-docgen-toc-tab]");
    if (!items.length || !("MutationObserver" in window)) { return; }
    var headings = items.map(function (li) {
      var a = li.querySelector("a[href^='#']");
      try { return a ? doc.getElementById(decodeURIComponent(a.getAttribute("href").slice(1))) : null; }
      catch (e) { return null; }
    });
    function sync() {
      items.forEach(function (li, i) {
        if (headings[i]) { li.hidden = !!headings[i].closest("[role='tabpanel'][hidden], .mdx-view[hidden]"); }
      });
    }
    var observer = new MutationObserver(sync);
    $$("[role='tabpanel'], .mdx-view").forEach(function (panel) {
      observer.observe(panel, { attributes: true, attributeFilter: ["hidden"] });
    });
    sync();
  }

  /* ---------------------------------------------------------------- search */
  /* Full-text search: Pagefind's index (_docgen/pagefind/, built by docgen) queried through its
     JavaScript API, shown in docgen's own dialog. Pagefind has no typo tolerance, so a query word
     that no indexed word starts with is corrected to the closest indexed word
     (_docgen/search-words.json, most frequent first) before searching. */

  /* Optimal-string-alignment distance, or max + 1 as soon as it must exceed ``max``. */
  function editDistance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) { return max + 1; }
    var prev2 = null, prev = [], cur, i, j;
    for (j = 0; j <= b.length; j++) { prev.push(j); }
    for (i = 1; i <= a.length; i++) {
      cur = [i];
      var low = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a.charAt(i - 1) === b.charAt(j - 2) && a.charAt(i - 2) === b.charAt(j - 1)) {
          v = Math.min(v, prev2[j - 2] + 1);
        }
        cur.push(v);
        if (v < low) { low = v; }
      }
      if (low > max) { return max + 1; }
      prev2 = prev;
      prev = cur;
    }
    return prev[b.length];
  }

  function Vocabulary(words) {
    this.words = words;
    this.sorted = words.slice().sort();
  }
  Vocabulary.prototype.hasPrefix = function (term) {
    var lo = 0, hi = this.sorted.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (this.sorted[mid] < term) { lo = mid + 1; } else { hi = mid; }
    }
    return lo < this.sorted.length && this.sorted[lo].indexOf(term) === 0;
  };
  /* The closest word (earlier = more frequent wins ties), or null. */
  Vocabulary.prototype.closest = function (term) {
    var max = term.length >= 7 ? 2 : 1;
    var best = null, bestD = max + 1;
    for (var i = 0; i < this.words.length && bestD > 1; i++) {
      var d = editDistance(term, this.words[i], Math.min(max, bestD - 1));
      if (d < bestD) { best = this.words[i]; bestD = d; }
    }
    if (best === null) {
      // A mistyped start of a longer word ("paginat" for "pagination"): compare prefixes.
      for (var k = 0; k < this.words.length && best === null; k++) {
        var w = this.words[k];
        if (w.length > term.length && editDistance(term, w.slice(0, term.length), 1) <= 1) { best = w; }
      }
    }
    return best;
  };
  /* The query with every unknown word of 4+ letters replaced by its closest indexed word. A
     term of words joined by punctuation ("Node.js", "socket.io") is no unknown word when each
     of its words of 4+ letters is known: the index holds those words (none shorter). */
  Vocabulary.prototype.correct = function (query) {
    var self = this, changed = false;
    var fixed = query.split(/(\s+)/).map(function (part) {
      var term = part.toLowerCase().replace(/^[^\w]+|[^\w]+$/g, "");
      if (term.length < 4 || /\d/.test(term) || self.hasPrefix(term)) { return part; }
      var pieces = term.split(/[^\p{L}\p{N}_-]+/u);
      if (pieces.length > 1 && pieces.every(function (w) { return w.length < 4 || self.hasPrefix(w); })) {
        return part;
      }
      var near = self.closest(term);
      if (!near) { return part; }
      changed = true;
      return near;
    }).join("");
    return changed ? fixed : null;
  };

  /* Titles (_docgen/search-titles.json: url, title, section, method, path, operationId,
     languages, versions, headings and lead line per page). Pagefind ranks pages by their
     words, not their titles: a page titled exactly what the reader typed could come after
     twenty whose longer titles say the same words. Pages found here come first, as DocSearch
     ranks a title over body text: an endpoint by its path ("/repos/{owner}/{repo}/issues"),
     method and path or operationId, then a title equal to the query, then titles holding
     every query word (the fewest other words first). */
  var METHODS = /^(get|put|post|delete|options|head|patch|trace)\s+(\/\S*)$/i;
  /* Chinese and Japanese write words without spaces between them (Korean often joins nouns):
     a run of these scripts is matched anywhere inside a title, not by its start. */
  var CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
  var CJK_RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+/gu;
  /* Pagefind indexes each CJK letter as a word of its own (docgen puts U+200A HAIR SPACE
     between them in its search documents: a run is no one word found only by its start). A
     query holding CJK letters is searched with them apart too (null: a query without any).
     Pagefind gives every gap back as one space: docgen marks the word after a gap the page
     has beside a CJK letter (white space, a block's edge) with U+2063, so a space beside a
     CJK letter is taken out of its titles and excerpts unless that mark follows it ("在 AWS"
     and "使用Docker" as written; a heading apart from its paragraph). */
  var LETTER_GAP = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc])((?:<\/?mark>)*)[ \u200a](?=(?:<\/?mark>)*[^\s\u2063<])/gu;
  var GAP_LETTER = /(\S)((?:<\/?mark>)*)[ \u200a](?=(?:<\/?mark>)*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc])/gu;
  function letterQuery(query) {
    if (!CJK.test(query)) { return null; }
    var out = "", before = "";
    Array.from(query.replace(/"/g, " ")).forEach(function (c) {
      var space = /\s/.test(c), cjk = CJK.test(c);
      if (out && !space && (CJK.test(before) || (cjk && !/\s/.test(before)))) { out += " "; }
      out += c;
      before = c;
    });
    return out.replace(/\s+/g, " ").trim();
  }
  function unspaced(d) {
    var fix = function (t) {
      if (typeof t !== "string") { return t; }
      if (CJK.test(t)) { t = t.replace(LETTER_GAP, "$1$2").replace(GAP_LETTER, "$1$2").replace(/<\/mark><mark>/g, ""); }
      return t.replace(/\u2063/g, "");
    };
    if (!d) { return d; }
    d.excerpt = fix(d.excerpt);
    if (d.meta) { d.meta.title = fix(d.meta.title); }
    (d.sub_results || []).forEach(function (sub) {
      if (sub) { sub.title = fix(sub.title); sub.excerpt = fix(sub.excerpt); }
    });
    return d;
  }

  /* The words of ``text``, a CJK run apart from the letters next to it ("集成Arize"). */
  function titleWords(text) {
    var out = [];
    String(text).toLowerCase().split(/[^\p{L}\p{N}]+/u).forEach(function (w) {
      if (w) { out.push.apply(out, CJK.test(w) ? w.match(CJK_RUNS) : [w]); }
    });
    return out;
  }
  /* A title or heading: its words, and those written together (a CJK query may span them:
     "第1课" is in "第 1 课：什么是工作流"). */
  function titleText(text) {
    var words = titleWords(text);
    return { words: words, compact: words.join("") };
  }
  /* How ``typed`` names the spec's ``path``: 0 the same (any parameter names: "{owner}",
     ":owner"), 1 with values for its parameters ("/repos/octocat/hello/issues"), -1 not. */
  function pathMatch(path, typed) {
    var split = function (p) {
      return String(p).toLowerCase().split("?")[0].replace(/\/+$/, "").split("/").map(function (s) {
        return /^\{[^}]*\}$|^:./.test(s) ? "{}" : s;
      });
    };
    var want = split(path), got = split(typed);
    if (want.length !== got.length) { return -1; }
    var rank = 0;
    for (var i = 0; i < want.length; i++) {
      if (want[i] === got[i]) { continue; }
      if (want[i] !== "{}" || !got[i]) { return -1; }
      rank = 1;
    }
    return rank;
  }
  var PARTIAL = 5;
  /* A heading's anchor when its row gives "" (searchtitles.derived_anchor): ASCII text's
     lowercase words joined by hyphens, other text as it is. */
  function derivedAnchor(text) {
    if (!/^[\x00-\x7f]*$/.test(text)) { return text; }
    return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  }
  /* Whether a page with filter values ``values`` (none: every one) is in ``wanted``. */
  function within(values, wanted) {
    return !wanted || !Array.isArray(values) || !values.length || values.indexOf(wanted) !== -1;
  }
  function Titles(rows, language, version) {
    this.rows = rows.filter(function (r) {
      return Array.isArray(r) && typeof r[0] === "string" && typeof r[1] === "string" &&
        within(r[6], language) && within(r[7], version);
    }).map(function (r) {
      var heads = (Array.isArray(r[8]) ? r[8] : []).filter(function (h) {
        return Array.isArray(h) && typeof h[0] === "string" && typeof h[1] === "string";
      }).map(function (h) { return { anchor: h[0] || derivedAnchor(h[1]), text: h[1], said: titleText(h[1]) }; });
      return { url: r[0], title: r[1], section: String(r[2] || ""), method: String(r[3] || ""),
        path: String(r[4] || ""), op: String(r[5] || ""), said: titleText(r[1]), heads: heads,
        lead: typeof r[9] === "string" ? r[9] : "" };
    });
  }
  /* A query word matches a title word that starts with it, or with its stem ("repositories"
     finds "repository"). */
  function wordMatch(q, w) {
    if (w.indexOf(q) === 0) { return true; }
    var stem = q.length > 4 ? q.replace(/(ies|es|s)$/, "") : q;
    return stem !== q && w.indexOf(stem) === 0;
  }
  /* How well ``said`` (a titleText) answers the query's words: 0 equal, 1 + a little per
     other word when it holds them all, -1 not at all. A CJK query word may be any part of the
     text ("流水线" in "步骤一：创建知识流水线"); the other characters count then, two for a
     word. */
  function wordsRank(said, words, joined) {
    if (!words.length) { return -1; }
    var have = said.words, together = words.join(""), cjk = CJK.test(together);
    if (have.join(" ") === joined || (cjk && said.compact === together)) { return 0; }
    var all = words.every(function (w) {
      if (CJK.test(w)) { return said.compact.indexOf(w) !== -1; }
      return have.some(function (t) { return wordMatch(w, t); });
    });
    if (!all) { return -1; }
    // Written together as typed ("第1课") before apart ("第 10 课").
    var other = cjk ? (said.compact.length - together.length) / 2 +
      (said.compact.indexOf(together) === -1 ? 2 : 0) : have.length - words.length;
    return 1 + other / 1000;
  }
  /* The best pages for ``query`` (at most ``limit``), best first: {row, heading} where
     ``heading`` is the section that matched ({anchor, text}) when the title did not. As
     DocSearch, a title before a page's h2/h3 heading. */
  Titles.prototype.find = function (query, limit) {
    var q = query.trim(), found = [];
    var m = METHODS.exec(q), path = m ? m[2] : (/^\/\S*$/.test(q) ? q : null);
    var method = m ? m[1].toUpperCase() : null;
    var words = titleWords(q), joined = words.join(" ");
    this.rows.forEach(function (r, order) {
      var rank = -1, heading = null;
      if (path !== null) {
        var p = r.path && (!method || r.method.toUpperCase() === method) ? pathMatch(r.path, path) : -1;
        if (p >= 0) { rank = p / 2; }
      } else if (r.op && r.op.toLowerCase() === q.toLowerCase()) {
        rank = 0;
      } else {
        var t = wordsRank(r.said, words, joined);
        if (t >= 0) {
          rank = t === 0 ? 1 : 1 + t;  // equal title 1, title with every word 2.x
        } else {
          r.heads.forEach(function (h) {
            var k = wordsRank(h.said, words, joined);
            var hr = k < 0 ? -1 : 3 + k; // equal heading 3, else 4.x
            if (hr >= 0 && (rank < 0 || hr < rank)) { rank = hr; heading = h; }
          });
        }
      }
      if (rank >= 0) { found.push({ row: r, heading: heading, rank: rank, order: order }); }
    });
    found.sort(function (a, b) { return a.rank - b.rank || a.order - b.order; });
    // Pages that merely hold the words leave room for Pagefind's full-text results.
    var exact = found.filter(function (f) { return f.rank < 1.5; }).length;
    return found.slice(0, Math.min(limit, exact + PARTIAL));
  };

  /* ``text`` as a Pagefind excerpt (escaped, <mark> around matches) for ``query``: the words
     that start with a query word are marked, and a CJK query word wherever it is. */
  function charBefore(text, at) { // the character before ``at``, both halves of a surrogate pair
    var code = text.charCodeAt(at - 1);
    return code >= 0xdc00 && code <= 0xdfff && at > 1 ? text.slice(at - 2, at) : text.charAt(at - 1);
  }
  function markedExcerpt(text, query) {
    var escape = function (t) { return t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); };
    var words = titleWords(query); // letters and digits only: nothing to escape
    if (!words.length) { return escape(text); }
    var cjk = words.filter(function (w) { return CJK.test(w); });
    var latin = words.filter(function (w) { return !CJK.test(w); });
    // A Latin word is marked where a word starts: the letter or digit before a match is
    // looked at here (a lookbehind would need Safari 16.4).
    var parts = [latin.length ? "((?:" + latin.join("|") + ")[\\p{L}\\p{N}]*)" : "(?!)"];
    if (cjk.length) { parts.push(cjk.join("|")); }
    var found = new RegExp(parts.join("|"), "giu");
    var inWord = /[\p{L}\p{N}]/u;
    var out = "", at = 0, m;
    while ((m = found.exec(text)) !== null && m[0]) {
      if (m[1] !== undefined && m.index > 0 && inWord.test(charBefore(text, m.index))) {
        found.lastIndex = m.index + 1;
        continue;
      }
      out += escape(text.slice(at, m.index)) + "<mark>" + escape(m[0]) + "</mark>";
      at = m.index + m[0].length;
    }
    return out + escape(text.slice(at));
  }

  /* Pagefind excerpts are escaped text with <mark> around matches: rebuilt as DOM nodes. */
  function decodeEntities(text) {
    return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|#39|apos|nbsp);/gi, function (m, code) {
      var c = code.toLowerCase();
      if (c.charAt(0) === "#") {
        var n = c.charAt(1) === "x" ? parseInt(c.slice(2), 16) : parseInt(c.slice(1), 10);
        try { return String.fromCodePoint(n); } catch (e) { return m; }
      }
      return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }[c] || m;
    });
  }
  /* A section's excerpt starts with its heading, which the result shows just above it
     ("Why use keys?" then "Why use keys? The most common..."): ``lead`` is left out there. */
  function appendExcerpt(parent, excerpt, lead) {
    var parts = String(excerpt || "").split(/<(\/?)mark>/);
    var marked = false, pieces = [];
    for (var i = 0; i < parts.length; i++) {
      if (i % 2 === 1) { marked = parts[i] !== "/"; continue; }
      var text = decodeEntities(parts[i].replace(/<[^>]*>/g, ""));
      if (text) { pieces.push({ text: text, marked: marked }); }
    }
    var plain = pieces.map(function (p) { return p.text; }).join("");
    var head = String(lead || "").trim();
    var skip = 0;
    if (head && plain.toLowerCase().indexOf(head.toLowerCase()) === 0) {
      skip = head.length + /^[\s.:?!#]*/.exec(plain.slice(head.length))[0].length;
      if (skip >= plain.length) { skip = 0; } // nothing would be left: keep it all
    }
    pieces.forEach(function (p) {
      var t = p.text;
      if (skip) { var cut = Math.min(skip, t.length); t = t.slice(cut); skip -= cut; }
      if (t) { parent.appendChild(p.marked ? el("mark", null, t) : doc.createTextNode(t)); }
    });
  }

  function initSearch() {
    var dialog = $("#search-dialog");
    var input = $("[data-docgen-search-input]");
    var list = $("[data-docgen-search-results]");
    var status = $("[data-docgen-search-status]");
    if (!dialog || !input || !list) { return; }

    var base = siteBase();
    var engine = null;     // Pagefind's module, once loaded
    var vocabulary = null; // Vocabulary, once loaded
    var titles = null;     // Titles, once loaded
    var loading = null;
    var options = [];
    var active = -1;
    var generation = 0;
    var PAGES = 10, SECTIONS = 3;

    if (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent || "")) {
      $$(".kbd-ctrl").forEach(function (k) { k.textContent = "⌘ K"; });
    }

    function setStatus(text) { if (status) { status.textContent = text; } }

    function load() {
      if (loading) { return loading; }
      setStatus("Loading the search index…");
      var words = fetch(base + "_docgen/search-words.json", { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : []; })
        .then(function (data) {
          vocabulary = new Vocabulary((Array.isArray(data) ? data : []).filter(function (w) { return typeof w === "string"; }));
        })
        .catch(function () { vocabulary = new Vocabulary([]); });
      var named = fetch(base + "_docgen/search-titles.json", { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : []; })
        .then(function (data) { titles = new Titles(Array.isArray(data) ? data : [], language, version); })
        .catch(function () { titles = new Titles([], null, null); });
      // An absolute URL: a bare "_docgen/..." would be read as a module name, not a path.
      var index = import(new URL(base + "_docgen/pagefind/pagefind.js", doc.baseURI).href).then(function (module) {
        // Pagefind counts an excerpt in words, and indexes each CJK letter as one.
        var letters = /^(zh|ja|ko)\b/i.test(doc.documentElement.getAttribute("lang") || "");
        return Promise.resolve(module.options({ baseUrl: "/", excerptLength: letters ? 60 : 22 })).then(function () {
          return module.init();
        }).then(function () {
          // A big site's index comes in several bundles (shards.json lists all but this one).
          return fetch(base + "_docgen/pagefind/shards.json", { credentials: "same-origin" })
            .then(function (r) { return r.ok ? r.json() : []; })
            .then(function (shards) {
              return Promise.all((Array.isArray(shards) ? shards : []).map(function (path) {
                var url = new URL(base + String(path).replace(/^[\/\\]+/, ""), doc.baseURI);
                return module.mergeIndex(url.pathname, { baseUrl: "/" });
              }));
            });
        }).then(function () { engine = module; });
      });
      loading = Promise.all([index, words, named]).catch(function () {
        loading = null;
        setStatus("Search is unavailable: the search index could not be loaded.");
      });
      return loading;
    }

    function setActive(i, scroll) {
      options.forEach(function (item, j) { item.setAttribute("aria-selected", j === i ? "true" : "false"); });
      active = i;
      if (i >= 0 && options[i]) {
        input.setAttribute("aria-activedescendant", options[i].id);
        if (scroll) { options[i].scrollIntoView({ block: "nearest" }); }
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function link(url) { return base + String(url).replace(/^[\/\\]+/, ""); }

    function option(className, href) {
      var a = el("a", className);
      a.href = href;
      a.tabIndex = -1;
      a.id = "search-option-" + options.length;
      a.setAttribute("role", "option");
      a.setAttribute("aria-selected", "false");
      var index = options.length;
      a.addEventListener("mousemove", function () { if (active !== index) { setActive(index, false); } });
      options.push(a);
      return a;
    }

    function show(pages, query, corrected) {
      while (list.firstChild) { list.removeChild(list.firstChild); }
      options = [];
      pages.forEach(function (d) {
        if (!d || typeof d.url !== "string" || /^\s*[a-z][a-z0-9+.-]*:/i.test(d.url)) { return; }
        var meta = d.meta || {};
        var li = el("li", "search-result");
        li.setAttribute("role", "presentation");
        var a = option("search-result-page", link(d.url));
        var top = el("span", "search-result-top");
        if (meta.method) {
          var m = String(meta.method).toUpperCase();
          var cls = m === "HOOK" ? "hook" : m.toLowerCase().replace(/[^a-z]/g, "");
          var short = { DELETE: "DEL", OPTIONS: "OPT" }[m] || m;
          top.appendChild(el("span", "method method-" + cls, short));
        }
        top.appendChild(el("span", "search-result-title", meta.title || d.url));
        a.appendChild(top);
        if (meta.path) { a.appendChild(el("code", "search-result-path", meta.path)); }
        if (meta.section) { a.appendChild(el("span", "search-result-crumbs", meta.section)); }
        var subs = (d.sub_results || []).filter(function (s) {
          return s && typeof s.url === "string" && s.url.indexOf("#") !== -1;
        }).slice(0, SECTIONS);
        // A page whose sections say nothing but their headings (one found by a heading of
        // search-titles.json) keeps its own line.
        var said = subs.some(function (s) { return String(s.excerpt || "").replace(/<[^>]*>/g, "").trim(); });
        if (!said) {
          var excerpt = el("span", "search-result-excerpt");
          appendExcerpt(excerpt, d.excerpt);
          a.appendChild(excerpt);
        }
        li.appendChild(a);
        if (subs.length) {
          var ul = el("ul", "search-sections");
          ul.setAttribute("role", "presentation");
          subs.forEach(function (s) {
            var sli = el("li");
            sli.setAttribute("role", "presentation");
            var sa = option("search-result-section", link(s.url));
            var heading = String(s.title || "").replace(/#$/, "");
            sa.appendChild(el("span", "search-section-title", heading));
            var ex = el("span", "search-result-excerpt");
            appendExcerpt(ex, s.excerpt, heading);
            sa.appendChild(ex);
            sli.appendChild(sa);
            ul.appendChild(sli);
          });
          li.appendChild(ul);
        }
        list.appendChild(li);
      });
      input.setAttribute("aria-expanded", options.length ? "true" : "false");
      setActive(options.length ? 0 : -1, false);
      var q = query.trim();
      if (!pages.length) { setStatus("No results for “" + q + "”."); return; }
      var count = pages.length + (pages.length === 1 ? " page" : " pages");
      setStatus(corrected ? "No match for “" + q + "”: showing " + count + " for “" + corrected + "”." : count + " found.");
    }

    // A site in several languages (the page has a language switcher): the reader's language
    // only (docgen gives each page a "language" filter there).
    var language = doc.querySelector(".language-switcher") ? doc.documentElement.getAttribute("lang") : null;
    // Likewise a page with a version switcher: the reader's version only (docgen gives each
    // page a "version" filter there: its version, or every one for a page in none).
    var chosen = doc.querySelector(".version-switcher:not(.language-switcher) option:checked");
    var version = chosen ? chosen.textContent.trim() : null;
    var filters = {};
    if (language) { filters.language = language; }
    if (version) { filters.version = version; }

    function run(query) {
      var phrase = letterQuery(query);
      var search = function (q) {
        return engine.search(q, { filters: filters }).then(function (found) {
          return (found && found.results) ? found.results : [];
        });
      };
      if (phrase === null) { return search(query); }
      // Its letters next to each other first; else wherever the page has them.
      return search('"' + phrase + '"').then(function (results) {
        return results.length ? results : search(phrase);
      });
    }

    /* Pagefind's pages, after the pages that ``titles`` puts first (Pagefind's own data for
       those it found too: their excerpt and sections). */
    function withTitles(pages, query) {
      var first = titles ? titles.find(query, PAGES) : [];
      if (!first.length) { return pages; }
      var byUrl = {};
      pages.forEach(function (d) { if (d && typeof d.url === "string") { byUrl[d.url] = d; } });
      var seen = {};
      var out = first.map(function (f) {
        var r = f.row;
        seen[r.url] = true;
        // Not among Pagefind's results: the page's lead line (search-titles.json) instead
        // of its excerpt.
        var d = byUrl[r.url] || { url: r.url, excerpt: markedExcerpt(r.lead, query), sub_results: [],
          meta: { title: r.title, section: r.section, method: r.method, path: r.path } };
        if (!f.heading) { return d; }
        // The matching section first (Pagefind's, with its excerpt, when it has it).
        var at = r.url + "#" + f.heading.anchor;
        var subs = (d.sub_results || []).filter(function (s) { return s && s.url !== at; });
        var own = (d.sub_results || []).filter(function (s) { return s && s.url === at; })[0];
        var copy = {};
        for (var key in d) { if (Object.prototype.hasOwnProperty.call(d, key)) { copy[key] = d[key]; } }
        copy.sub_results = [own || { url: at, title: f.heading.text, excerpt: "" }].concat(subs);
        return copy;
      });
      pages.forEach(function (d) { if (d && !seen[d.url]) { out.push(d); } });
      return out.slice(0, PAGES);
    }

    function render() {
      var query = input.value;
      var mine = ++generation;
      if (!query.trim()) {
        while (list.firstChild) { list.removeChild(list.firstChild); }
        options = [];
        input.setAttribute("aria-expanded", "false");
        setActive(-1, false);
        setStatus(engine ? "Type to search pages, endpoints and parameters." : "");
        return;
      }
      if (!engine) { return; }
      var corrected = vocabulary ? vocabulary.correct(query.trim()) : null;
      var wanted = corrected || query;
      run(wanted).then(function (results) {
        if (!results.length && corrected) { corrected = null; return run(query); }
        return results;
      }).then(function (results) {
        return Promise.all(results.slice(0, PAGES).map(function (r) { return r.data().then(unspaced); }));
      }).then(function (pages) {
        if (mine === generation && dialog.open) { show(withTitles(pages, wanted), query, corrected); }
      }).catch(function () {
        if (mine === generation) { setStatus("Search failed."); }
      });
    }

    var opener = null;
    function open() {
      if (dialog.open) { input.focus(); input.select(); return; }
      opener = doc.activeElement;
      if (typeof dialog.showModal === "function") { dialog.showModal(); }
      else { dialog.setAttribute("open", ""); }
      doc.body.classList.add("search-open");
      input.focus();
      input.select();
      load().then(function () { if (dialog.open && engine) { render(); } });
    }
    function close() {
      if (!dialog.open) { return; }
      if (typeof dialog.close === "function") { dialog.close(); }
      else { dialog.removeAttribute("open"); }
    }
    dialog.addEventListener("close", function () {
      doc.body.classList.remove("search-open");
      if (opener && opener.focus) { opener.focus({ preventScroll: true }); }
    });
    dialog.addEventListener("click", function (e) { if (e.target === dialog) { close(); } });
    $$("[data-docgen-search-open]").forEach(function (b) { b.addEventListener("click", open); });
    $$("[data-docgen-search-close]").forEach(function (b) { b.addEventListener("click", close); });
    list.addEventListener("click", function (e) {
      var a = e.target && e.target.closest ? e.target.closest("a") : null;
      if (a && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.button === 0) { close(); }
    });

    input.addEventListener("input", render);
    input.addEventListener("keydown", function (e) {
      var n = options.length;
      if (e.key === "ArrowDown") { e.preventDefault(); if (n) { setActive((active + 1) % n, true); } }
      else if (e.key === "ArrowUp") { e.preventDefault(); if (n) { setActive((active - 1 + n) % n, true); } }
      else if (e.key === "Home" && e.ctrlKey) { e.preventDefault(); if (n) { setActive(0, true); } }
      else if (e.key === "End" && e.ctrlKey) { e.preventDefault(); if (n) { setActive(n - 1, true); } }
      else if (e.key === "Enter") {
        var item = active >= 0 ? options[active] : null;
        if (item) { e.preventDefault(); close(); window.location.href = item.href; }
      } else if (e.key === "Escape") { e.preventDefault(); close(); }
    });

    doc.addEventListener("keydown", function (e) {
      if (e.defaultPrevented || dialog.open) { return; }
      var typing = isEditable(e.target);
      if (e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        open();
      } else if ((e.key === "k" || e.key === "K") && (e.ctrlKey || e.metaKey) && !e.altKey) {
        // from a text field too, as Mintlify's and DocSearch's Ctrl/Cmd+K (only "/" types)
        e.preventDefault();
        open();
      }
    });
  }

  /* ------------------------------------------------- long lines and scrolling */
  /* "Wrap" buttons wrap the long lines of their code panel; any code block or table that
     scrolls sideways is made focusable, so keyboard users can scroll it too. */
  function initWrap() {
    $$("[data-docgen-wrap]").forEach(function (button) {
      button.addEventListener("click", function () {
        var panel = button.closest(".sample-panel");
        if (!panel) { return; }
        var on = !panel.classList.contains("is-wrapped");
        panel.classList.toggle("is-wrapped", on);
        button.setAttribute("aria-pressed", on ? "true" : "false");
      });
    });
  }
  function initScrollables() {
    function mark() {
      $$("main pre, main table, main .table-wrap").forEach(function (node) {
        if (node.hasAttribute("tabindex") && !node.hasAttribute("data-docgen-scroll")) { return; }
        if (node.scrollWidth > node.clientWidth + 1) {
          node.setAttribute("tabindex", "0");
          node.setAttribute("data-docgen-scroll", "");
          if (node.tagName === "TABLE" && !node.hasAttribute("aria-label")) { node.setAttribute("aria-label", "Table (scrolls sideways)"); }
          if (node.classList.contains("table-wrap") && !node.hasAttribute("role")) {
            node.setAttribute("role", "region");
            node.setAttribute("aria-label", "Table (scrolls sideways)");
          }
        } else if (node.hasAttribute("data-docgen-scroll")) {
          node.removeAttribute("tabindex");
          node.removeAttribute("data-docgen-scroll");
          if (node.getAttribute("role") === "region" && node.classList.contains("table-wrap")) {
            node.removeAttribute("role");
            node.removeAttribute("aria-label");
          }
        }
      });
    }
    mark();
    var timer = null;
    window.addEventListener("resize", function () { clearTimeout(timer); timer = setTimeout(mark, 150); });
  }

  /* A sample panel whose tabs do not fit beside its title and buttons: the tabs get a row of
     their own, the panel's whole width (docgen.css, .is-stacked), which scrolls if they still
     do not fit. Measured again when the panel's width changes. Without a title the tabs have
     the width already: they stay beside the buttons. */
  function initSampleHeads() {
    function fit(head) {
      var tabs = $(".sample-panel-tabs", head);
      if (!tabs || !tabs.firstElementChild) { return; }
      head.classList.remove("is-stacked");
      if (tabs.scrollWidth > tabs.clientWidth + 1) { head.classList.add("is-stacked"); }
      showChosenTab(tabs);
    }
    var heads = $$(".sample-panel-head").filter(function (head) {
      return $(".sample-panel-title", head) !== null;
    });
    heads.forEach(fit);
    if (!heads.length || !window.ResizeObserver) { return; }
    var widths = new WeakMap();
    var observer = new window.ResizeObserver(function (entries) {
      entries.forEach(function (entry) {
        var width = Math.round(entry.contentRect.width);
        if (widths.get(entry.target) === width) { return; }
        widths.set(entry.target, width);
        fit(entry.target);
      });
    });
    heads.forEach(function (head) { observer.observe(head); });
  }

  /* A row of tabs that scrolls sideways (docgen.css: code groups, <Tabs>, sample panels):
     its chosen tab in view, clear of the edge's shadow. Only the row scrolls, never the page. */
  function showChosenTab(row) {
    var tab = $('[aria-selected="true"]', row);
    if (!tab || row.scrollWidth <= row.clientWidth + 1) { return; }
    var box = row.getBoundingClientRect();
    var at = tab.getBoundingClientRect();
    var room = Math.max(0, Math.min(28, (box.width - at.width) / 2));
    if (at.left < box.left + room) { row.scrollLeft -= box.left + room - at.left; }
    else if (at.right > box.right - room) { row.scrollLeft += at.right - (box.right - room); }
  }

  /* When the page opens (a <Tabs defaultTabIndex>, the language a reader chose on another
     page) and whenever the choice changes: a click on a half-hidden tab, the arrow keys, a
     code group following another's language. */
  function initTabRows() {
    var rows = $$(".mdx-tablist, .sample-panel-tabs, .code-tabs");
    rows.forEach(showChosenTab);
    if (!rows.length || !window.MutationObserver) { return; }
    var observer = new window.MutationObserver(function (changes) {
      changes.forEach(function (change) {
        if (change.target.getAttribute("aria-selected") !== "true") { return; }
        var row = change.target.closest(".mdx-tablist, .sample-panel-tabs, .code-tabs");
        if (row) { showChosenTab(row); }
      });
    });
    rows.forEach(function (row) {
      observer.observe(row, { attributes: true, attributeFilter: ["aria-selected"], subtree: true });
    });
  }

  /* The top bar's row of tabs scrolls sideways on a phone: bring the current tab into view,
     or a reader on the sixth tab sees the first five and no sign of where they are. */
  function initTabStrip() {
    var strip = $("nav.tabs");
    var active = strip ? $("[aria-current]", strip) : null;
    if (!active || strip.scrollWidth <= strip.clientWidth) { return; }
    var box = strip.getBoundingClientRect();
    var tab = active.getBoundingClientRect();
    if (tab.left >= box.left && tab.right <= box.right) { return; }
    strip.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
  }

  /* ------------------------------------------------------------- "Try it" */
  /* The playground script (playground.js) is loaded only when the reader first presses "Try it"
     (or arrives at #try-it); it then takes over the button. */
  function initTryIt() {
    var button = $("[data-docgen-try]");
    var layout = button ? button.closest(".op-layout[data-docgen-playground]") : null;
    if (!button || !layout) { return; }
    var requested = false;
    function load(open) {
      if (requested) { return; }
      requested = true;
      if (open) { layout.setAttribute("data-docgen-try-open", ""); }
      button.setAttribute("aria-busy", "true");
      var script = doc.createElement("script");
      script.src = siteBase() + "_docgen/playground.js";
      script.onload = function () { button.removeAttribute("aria-busy"); };
      script.onerror = function () { button.removeAttribute("aria-busy"); requested = false; };
      doc.head.appendChild(script);
    }
    function first() { button.removeEventListener("click", first); load(true); }
    button.addEventListener("click", first);
    if (window.location.hash === "#try-it") { button.removeEventListener("click", first); load(false); }
  }

  function init() {
    safe(initTheme);
    safe(initBanner);
    safe(initTryIt);
    safe(initWrap);
    safe(initScrollables);
    safe(initTabStrip);
    safe(initSampleHeads);
    safe(initSidebar);
    safe(initLazyNav);
    safe(initDrilldown);
    safe(initVersions);
    safe(initTabs);
    safe(initTabRows);
    safe(initTocTabs);
    safe(initCopy);
    safe(initExpandable);
    safe(initPageMenu);
    safe(initAnchors);
    safe(initToc);
    safe(initSearch);
  }

  if (doc.readyState === "loading") { doc.addEventListener("DOMContentLoaded", init); }
  else { init(); }
})();
