/* docgen API playground ("Try it"). Vanilla ES2019, no dependencies, no build step.
   Reads the operation from .op-layout[data-docgen-playground] (JSON, see the playground contract),
   builds a request form under the page header, sends the request through the docs site's proxy
   (POST <proxyUrl>, JSON envelope) or straight to the API, and shows the response.
   Spec text and API responses are hostile input: everything is inserted with textContent or
   setAttribute, never parsed as HTML; no eval, no inline handlers. Secrets typed by the reader
   stay in sessionStorage of this tab and go nowhere but into the request they are typed for. */
(function () {
  "use strict";

  var doc = document;
  var DISPLAY_LIMIT = 200 * 1024; // characters of a text body shown before truncating
  var STORE = "docgen:playground:";
  var SKIPPED_HEADERS = { accept: true, "content-type": true, authorization: true }; // OpenAPI ignores these parameters
  var STATUS_TEXT = {
    100: "Continue", 101: "Switching Protocols", 200: "OK", 201: "Created", 202: "Accepted",
    203: "Non-Authoritative Information", 204: "No Content", 205: "Reset Content",
    206: "Partial Content", 300: "Multiple Choices", 301: "Moved Permanently", 302: "Found",
    303: "See Other", 304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect",
    400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden",
    404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout",
    409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
    413: "Content Too Large", 415: "Unsupported Media Type", 418: "I'm a teapot",
    422: "Unprocessable Content", 423: "Locked", 425: "Too Early", 428: "Precondition Required",
    429: "Too Many Requests", 431: "Request Header Fields Too Large",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout"
  };
  var uid = 0;

  /* ------------------------------------------------------------ helpers */
  var MAX_PROXY_FILES = 64 * 1024 * 1024;  // bytes of chosen files sent through the proxy
  function $(sel, ctx) { return (ctx || doc).querySelector(sel); }
  function $$(sel, ctx) { return Array.prototype.slice.call((ctx || doc).querySelectorAll(sel)); }
  function isObj(x) { return x !== null && typeof x === "object" && !Array.isArray(x); }
  function arr(x) { return Array.isArray(x) ? x : []; }
  function str(x) { return typeof x === "string" ? x : ""; }
  function has(o, k) { return isObj(o) && Object.prototype.hasOwnProperty.call(o, k); }
  function nextId(prefix) { uid += 1; return "pg-" + prefix + "-" + uid; }

  /* Element builder: attributes go through setAttribute, text through text nodes. */
  function h(tag, attrs, kids) {
    var node = doc.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) { return; }
        if (k === "class") { node.className = v; }
        else if (k === "text") { node.textContent = String(v); }
        else { node.setAttribute(k, v === true ? "" : String(v)); }
      });
    }
    (kids || []).forEach(function (c) {
      if (c === null || c === undefined || c === false) { return; }
      node.appendChild(typeof c === "string" ? doc.createTextNode(c) : c);
    });
    return node;
  }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  /* A URL as text that may wrap after "/", "?" and "&" only (a <wbr> after each), so a narrow
     panel breaks it between segments instead of inside a word. */
  function setUrlText(node, url) {
    clear(node);
    var start = 0;
    for (var i = 0; i < url.length; i++) {
      var c = url.charAt(i);
      if (c === "/" || c === "?" || c === "&") {
        node.appendChild(doc.createTextNode(url.slice(start, i + 1)));
        node.appendChild(doc.createElement("wbr"));
        start = i + 1;
      }
    }
    node.appendChild(doc.createTextNode(url.slice(start)));
  }

  var ICONS = {
    link: ["M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71", "M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"],
    play: ["M6 4l14 8-14 8z"],
    close: ["M18 6 6 18", "M6 6l12 12"],
    eye: ["M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z", "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"],
    eyeOff: ["M3 3l18 18", "M10.6 6.1A9.8 9.8 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3.2 3.9", "M6.6 6.6C3.8 8.3 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6", "M9.9 9.9a3 3 0 0 0 4.2 4.2"],
    copy: ["M9 9h11a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9a2 2 0 0 1-2-2z", "M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"],
    check: ["M20 6 9 17l-5-5"],
    alert: ["M12 9v4", "M12 17h.01", "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"],
    download: ["M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", "M7 10l5 5 5-5", "M12 15V3"],
    terminal: ["M4 17l6-6-6-6", "M12 19h8"]
  };
  function icon(name, size) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = doc.createElementNS(ns, "svg");
    var attrs = { "class": "icon icon-" + name, width: size || 14, height: size || 14, viewBox: "0 0 24 24",
      fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round",
      "stroke-linejoin": "round", "aria-hidden": "true", focusable: "false" };
    Object.keys(attrs).forEach(function (k) { svg.setAttribute(k, String(attrs[k])); });
    ICONS[name].forEach(function (d) {
      var p = doc.createElementNS(ns, "path");
      p.setAttribute("d", d);
      svg.appendChild(p);
    });
    return svg;
  }

  function sessionGet(key) { try { return window.sessionStorage.getItem(key); } catch (e) { return null; } }
  function sessionSet(key, value) {
    try {
      if (value === null) { window.sessionStorage.removeItem(key); } else { window.sessionStorage.setItem(key, value); }
    } catch (e) { /* storage disabled: values simply do not persist */ }
  }

  /* docgen.js (loaded first) owns the clipboard code. */
  function copyText(text) {
    return window.docgenCopy ? window.docgenCopy(text) : Promise.resolve(false);
  }

  function formatSize(n) {
    if (n < 1024) { return n + " B"; }
    if (n < 1024 * 1024) { return (n / 1024).toFixed(n < 10240 ? 1 : 0) + " KB"; }
    return (n / 1048576).toFixed(1) + " MB";
  }
  function display(v) {
    if (v === null) { return "null"; }
    if (typeof v === "string") { return v; }
    if (typeof v === "number" || typeof v === "boolean") { return String(v); }
    if (Array.isArray(v) && v.every(function (x) { return !isObj(x) && !Array.isArray(x); })) {
      return v.map(display).join(", ");
    }
    try { return JSON.stringify(v); } catch (e) { return ""; }
  }
  function shellQuote(s) { return "'" + String(s).replace(/'/g, "'\\''") + "'"; }
  function siteData() {
    var raw = doc.body.getAttribute("data-docgen-site");
    var site = null;
    try { site = raw ? JSON.parse(raw) : null; } catch (e) { site = null; }
    var base = isObj(site) && typeof site.base === "string" ? site.base : null;
    if (base === null) {
      var meta = $('meta[name="docgen-base"]');
      base = meta ? meta.getAttribute("content") || "" : "";
    }
    var root;
    try { root = new URL(base || "./", doc.baseURI).pathname; } catch (e) { root = "/"; }
    return { base: base, root: root, prefill: isObj(site) && site.prefill === true };
  }
  function headerSafe(s) { return /^[\t\x20-\x7e\x80-\xff]*$/.test(s); }
  function lineCol(text, pos) {
    var before = text.slice(0, pos);
    var line = before.split("\n").length;
    return { line: line, col: pos - (before.lastIndexOf("\n") + 1) + 1 };
  }

  /* ------------------------------------------- JSON syntax error position
     JSON.parse messages differ by browser and often omit the position: a small scanner finds
     where and why the text stops being JSON. Only called after JSON.parse failed. */
  function jsonProblem(text) {
    var i = 0;
    var n = text.length;
    var depth = 0;
    function Fail(message, pos) { this.message = message; this.pos = pos; }
    function fail(message, pos) { throw new Fail(message, pos === undefined ? i : pos); }
    function found(at) {
      if (at >= n) { return "the end of the text"; }
      var c = text.charAt(at);
      return c === "\n" ? "a line break" : "'" + c + "'";
    }
    function ws() {
      while (i < n) {
        var c = text.charCodeAt(i);
        if (c === 32 || c === 9 || c === 10 || c === 13) { i += 1; } else { break; }
      }
    }
    function value() {
      ws();
      if (i >= n) { fail("Unexpected end of the text: a value is missing"); }
      var c = text.charAt(i);
      if (c === "{") { return container("}"); }
      if (c === "[") { return container("]"); }
      if (c === '"') { return string(); }
      if (c === "-" || (c >= "0" && c <= "9")) { return number(); }
      var word = /^(true|false|null)/.exec(text.slice(i, i + 5));
      if (word) { i += word[0].length; return; }
      fail("Expected a value, found " + found(i) + (c === "'" ? " (JSON strings use double quotes)" : ""));
    }
    function container(close) {
      depth += 1;
      if (depth > 400) { fail("Nested too deeply"); }
      i += 1;
      ws();
      if (text.charAt(i) === close) { i += 1; depth -= 1; return; }
      for (;;) {
        ws();
        if (close === "}") {
          if (text.charAt(i) !== '"') {
            fail(text.charAt(i) === "}" ? "Trailing comma before '}'" : "Expected a property name in double quotes, found " + found(i));
          }
          string();
          ws();
          if (text.charAt(i) !== ":") { fail("Expected ':' after the property name, found " + found(i)); }
          i += 1;
          value();
        } else {
          ws();
          if (text.charAt(i) === "]") { fail("Trailing comma before ']'"); }
          value();
        }
        ws();
        var c = text.charAt(i);
        if (c === ",") { i += 1; continue; }
        if (c === close) { i += 1; depth -= 1; return; }
        fail("Expected ',' or '" + close + "' after " + (close === "}" ? "a property value" : "an array item") + ", found " + found(i));
      }
    }
    function string() {
      var start = i;
      i += 1;
      while (i < n) {
        var c = text.charAt(i);
        if (c === '"') { i += 1; return; }
        if (c === "\\") {
          var e = text.charAt(i + 1);
          if (e && '"\\/bfnrt'.indexOf(e) !== -1) { i += 2; continue; }
          if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.substr(i + 2, 4))) { i += 6; continue; }
          fail("Invalid escape sequence in a string");
        }
        if (text.charCodeAt(i) < 0x20) { fail(c === "\n" ? "Line break inside a string (unterminated string?)" : "Control character inside a string"); }
        i += 1;
      }
      fail("Unterminated string", start);
    }
    function number() {
      var m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 500));
      if (!m) { fail("Invalid number"); }
      i += m[0].length;
      if (/[0-9.eE+-]/.test(text.charAt(i))) { fail("Invalid number"); }
    }
    try {
      value();
      ws();
      if (i < n) { fail("Unexpected " + found(i) + " after the end of the JSON value"); }
      return null;
    } catch (e) {
      if (e instanceof Fail) { return { message: e.message, pos: e.pos }; }
      throw e;
    }
  }

  /* Returns null when ``text`` is JSON, else {message, pos, line, col}. */
  function checkJson(text) {
    try { JSON.parse(text); return null; } catch (err) {
      var p = jsonProblem(text) || { message: String(err && err.message || "Invalid JSON"), pos: 0 };
      var lc = lineCol(text, p.pos);
      return { message: p.message, pos: p.pos, line: lc.line, col: lc.col };
    }
  }

  /* ------------------------------------------------------------ schemas */
  function kindOf(schema) {
    var t = schema && schema.type;
    if (Array.isArray(t)) { t = t.filter(function (x) { return x !== "null"; })[0]; }
    if (schema && Array.isArray(schema.enum) && schema.enum.length && t !== "array" && t !== "object") { return "enum"; }
    if (t === "boolean" || t === "integer" || t === "number" || t === "array" || t === "object") { return t; }
    return "string";
  }
  function typeLabel(schema) {
    var t = schema && schema.type;
    if (Array.isArray(t)) { t = t.filter(function (x) { return x !== "null"; })[0]; }
    if (typeof t !== "string") { return ""; }
    if (t === "array" && isObj(schema.items) && typeof schema.items.type === "string") { return "array<" + schema.items.type + ">"; }
    return t + (typeof schema.format === "string" && schema.format ? "<" + schema.format + ">" : "");
  }
  function isNum(x) { return typeof x === "number" && isFinite(x); }
  function fmtNum(x) { return String(x); }

  /* Checks one scalar (string form) against a schema; returns a message or null. */
  function checkScalar(value, schema, kind) {
    schema = isObj(schema) ? schema : {};
    if (Array.isArray(schema.enum) && schema.enum.length) {
      var allowed = schema.enum.map(display);
      if (allowed.indexOf(value) === -1) {
        var list = allowed.slice(0, 8).join(", ") + (allowed.length > 8 ? ", …" : "");
        return "Must be one of: " + list + ".";
      }
    }
    if (kind === "enum") { kind = kindOf({ type: schema.type }); }
    if (kind === "boolean") {
      return value === "true" || value === "false" ? null : "Must be true or false.";
    }
    if (kind === "integer" || kind === "number") {
      var t = value.trim();
      if (kind === "integer" && !/^[-+]?[0-9]+$/.test(t)) { return "Must be a whole number."; }
      if (kind === "number" && !/^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/.test(t)) { return "Must be a number."; }
      var v = Number(t);
      var exMin = schema.exclusiveMinimum;
      var exMax = schema.exclusiveMaximum;
      if (isNum(schema.minimum)) {
        if (exMin === true ? v <= schema.minimum : v < schema.minimum) {
          return "Must be " + (exMin === true ? "greater than " : "at least ") + fmtNum(schema.minimum) + ".";
        }
      }
      if (isNum(exMin) && v <= exMin) { return "Must be greater than " + fmtNum(exMin) + "."; }
      if (isNum(schema.maximum)) {
        if (exMax === true ? v >= schema.maximum : v > schema.maximum) {
          return "Must be " + (exMax === true ? "less than " : "at most ") + fmtNum(schema.maximum) + ".";
        }
      }
      if (isNum(exMax) && v >= exMax) { return "Must be less than " + fmtNum(exMax) + "."; }
      if (isNum(schema.multipleOf) && schema.multipleOf > 0) {
        var q = v / schema.multipleOf;
        if (Math.abs(q - Math.round(q)) > 1e-9 * Math.max(1, Math.abs(q))) {
          return "Must be a multiple of " + fmtNum(schema.multipleOf) + ".";
        }
      }
      return null;
    }
    var length = Array.from(value).length;
    if (isNum(schema.minLength) && length < schema.minLength) {
      return "Must be at least " + schema.minLength + (schema.minLength === 1 ? " character." : " characters.");
    }
    if (isNum(schema.maxLength) && length > schema.maxLength) {
      return "Must be at most " + schema.maxLength + (schema.maxLength === 1 ? " character." : " characters.");
    }
    if (typeof schema.pattern === "string" && schema.pattern.length <= 2000) {
      var re = null;
      try { re = new RegExp(schema.pattern, "u"); } catch (e) {
        try { re = new RegExp(schema.pattern); } catch (e2) { re = null; }
      }
      if (re && !re.test(value)) { return "Must match the pattern " + schema.pattern; }
    }
    return null;
  }

  function constraintText(schema, noDefault) {
    var parts = [];
    if (!isObj(schema)) { return ""; }
    var lo = null;
    var hi = null;
    var loIn = false;
    var hiIn = false;
    if (isNum(schema.minimum)) { loIn = schema.exclusiveMinimum !== true; lo = schema.minimum; }
    if (isNum(schema.exclusiveMinimum)) { loIn = false; lo = schema.exclusiveMinimum; }
    if (isNum(schema.maximum)) { hiIn = schema.exclusiveMaximum !== true; hi = schema.maximum; }
    if (isNum(schema.exclusiveMaximum)) { hiIn = false; hi = schema.exclusiveMaximum; }
    if (lo !== null && hi !== null && loIn && hiIn) { parts.push(lo + " to " + hi); }
    else {
      if (lo !== null) { parts.push((loIn ? "min " : "greater than ") + lo); }
      if (hi !== null) { parts.push((hiIn ? "max " : "less than ") + hi); }
    }
    if (isNum(schema.multipleOf)) { parts.push("multiple of " + schema.multipleOf); }
    if (isNum(schema.minLength) && isNum(schema.maxLength)) { parts.push(schema.minLength + "–" + schema.maxLength + " characters"); }
    else if (isNum(schema.minLength)) { parts.push("min " + schema.minLength + " characters"); }
    else if (isNum(schema.maxLength)) { parts.push("max " + schema.maxLength + " characters"); }
    if (has(schema, "default") && !noDefault) { parts.push("default " + display(schema["default"])); }
    return parts.join(" · ");
  }

  /* ------------------------------------------------------------- mount */
  function init() {
    var layout = $(".op-layout[data-docgen-playground]");
    if (!layout) { return; }
    var data = null;
    try { data = JSON.parse(layout.getAttribute("data-docgen-playground")); } catch (e) { return; }
    if (!isObj(data)) { return; }
    if (data.mode === "interactive") { mount(layout, data); return; }
    if (data.mode !== "auth") { return; } // "simple" is server-rendered, "none" has nothing
    var auth = window.docgenAuth;
    if (!auth || !auth.ready || typeof auth.ready.then !== "function") { return; }
    var groups = arr(data.groups).filter(function (g) { return typeof g === "string"; });
    var mounted = null;
    var loading = 0; // a sign-out or a new session while a fetch is out drops its answer
    function apply(session) {
      var ok = isObj(session) && (!groups.length || arr(session.groups).some(function (g) { return groups.indexOf(g) !== -1; }));
      loading += 1;
      // data-docgen-auth-state: "hidden" | "loading" | "shown" | "refused" (the server said no)
      if (!ok) { if (mounted) { mounted.destroy(); mounted = null; } layout.setAttribute("data-docgen-auth-state", "hidden"); return; }
      if (mounted) { return; }
      if (typeof data.src !== "string") { mounted = mount(layout, data); layout.setAttribute("data-docgen-auth-state", "shown"); return; }
      // The reader's token goes to this site only: docgen writes a path of the site here,
      // and anything else (a page that smuggled its own attribute) gets nothing.
      var src = null;
      try { src = new URL(data.src, location.href); } catch (e) { src = null; }
      if (!src || src.origin !== location.origin) { layout.setAttribute("data-docgen-auth-state", "refused"); return; }
      layout.setAttribute("data-docgen-auth-state", "loading");
      // The page carries no playground data in auth mode: fetch it now, with the token, so
      // a server that checks it (docgen serve does) answers signed-in readers only.
      var ticket = loading;
      var headers = typeof session.token === "string" ? { Authorization: "Bearer " + session.token } : {};
      fetch(src.href, { headers: headers, credentials: "same-origin", cache: "no-store" })
        .then(function (r) { if (!r.ok) { throw new Error("HTTP " + r.status); } return r.json(); })
        .then(function (full) {
          if (ticket !== loading || mounted || !isObj(full)) { return; }
          mounted = mount(layout, full);
          layout.setAttribute("data-docgen-auth-state", "shown");
        })
        .catch(function () {
          // Not allowed or unreachable: nothing is shown, as for a signed-out reader.
          if (ticket === loading) { layout.setAttribute("data-docgen-auth-state", "refused"); }
        });
    }
    auth.ready.then(apply, function () { /* no session: nothing is shown */ });
    window.addEventListener("docgen:auth", function (e) { apply(e && e.detail ? e.detail.session : null); });
  }

  function mount(layout, data) {
    var pg = new Playground(layout, data);
    return pg.ok ? pg : null;
  }

  function Playground(layout, data) {
    var self = this;
    this.data = data;
    this.method = str(data.method).toUpperCase().replace(/[^A-Z]/g, "") || "GET";
    this.path = str(data.path);
    this.servers = arr(data.servers).filter(isObj);
    this.params = arr(data.parameters).filter(function (p) {
      if (!isObj(p) || typeof p.name !== "string" || !p.name) { return false; }
      if (["path", "query", "header", "cookie"].indexOf(p["in"]) === -1) { return false; }
      return !(p["in"] === "header" && SKIPPED_HEADERS[p.name.toLowerCase()]);
    });
    this.body = isObj(data.body) ? data.body : null;
    this.security = arr(data.security).filter(Array.isArray).map(function (alt) { return alt.filter(isObj); });
    this.site = siteData();
    this.fields = [];
    this.serverFields = [];
    this.authFields = [];
    this.blobUrls = [];
    this.controller = null;
    this.layout = layout;

    var header = $(".op-header", layout);
    var main = $(".op-main", layout) || layout;
    this.panel = this.buildPanel();
    if (header && header.parentNode) { header.parentNode.insertBefore(this.panel, header.nextSibling); }
    else { main.insertBefore(this.panel, main.firstChild); }

    // The page's own "Try it" button (docgen.js loads this script when it is first pressed).
    var given = $("[data-docgen-try]", layout);
    this.ownButton = !given;
    this.button = given || h("button", { type: "button", "class": "pg-try", "aria-expanded": "false",
      "data-docgen-try": "" }, [icon("play", 12), h("span", { text: "Try it" })]);
    this.button.setAttribute("aria-controls", this.panel.id);
    if (this.ownButton) {
      var endpoint = $(".endpoint", layout);
      if (endpoint) { endpoint.appendChild(this.button); }
      else { this.panel.parentNode.insertBefore(this.button, this.panel); }
    }
    this.button.addEventListener("click", function () { self.toggle(!self.isOpen(), true); });

    this.onHash = function () { if (window.location.hash === "#try-it") { self.toggle(true, true); } };
    window.addEventListener("hashchange", this.onHash);
    this.ok = true;
    this.updatePreview();
    if (window.location.hash === "#try-it") {
      this.toggle(true, false);
      this.panel.scrollIntoView({ block: "start" });
    } else if (layout.hasAttribute("data-docgen-try-open")) {
      layout.removeAttribute("data-docgen-try-open");
      this.toggle(true, true);
    }
  }

  Playground.prototype.isOpen = function () { return !this.panel.hidden; };

  Playground.prototype.toggle = function (open, focus) {
    this.panel.hidden = !open;
    this.button.setAttribute("aria-expanded", open ? "true" : "false");
    this.button.classList.toggle("is-open", open);
    if (open && focus) {
      var first = this.panel.querySelector("input:not([type=hidden]), select, textarea");
      (first || this.title).focus({ preventScroll: true });
      var rect = this.panel.getBoundingClientRect();
      if (rect.top < 0 || rect.top > window.innerHeight * 0.6) {
        this.panel.scrollIntoView({ block: "start", behavior: "smooth" });
      }
    } else if (!open && focus) {
      this.button.focus();
    }
  };

  Playground.prototype.destroy = function () {
    if (this.controller) { this.controller.abort(); }
    this.revokeBlobs();
    window.removeEventListener("hashchange", this.onHash);
    if (this.panel.parentNode) { this.panel.parentNode.removeChild(this.panel); }
    if (this.ownButton && this.button.parentNode) { this.button.parentNode.removeChild(this.button); }
  };

  /* -------------------------------------------------------------- panel */
  Playground.prototype.buildPanel = function () {
    var self = this;
    var titleId = nextId("title");
    this.title = h("h2", { "class": "pg-title", id: titleId, tabindex: "-1", text: "Try it" });
    this.preview = h("code", { "class": "pg-url", "data-pg-url": "" });
    var close = h("button", { type: "button", "class": "icon-button pg-close", "aria-label": "Close the playground",
      title: "Close", "data-pg-close": "" }, [icon("close", 18)]);
    close.addEventListener("click", function () { self.toggle(false, true); });
    var methodClass = "method method-" + this.method.toLowerCase();
    var head = h("div", { "class": "pg-head" }, [
      h("div", { "class": "pg-head-main" }, [
        this.title,
        h("p", { "class": "pg-request-line" }, [h("span", { "class": methodClass, text: this.method }), this.preview])
      ]),
      close
    ]);

    this.form = h("form", { "class": "pg-form", novalidate: true, "data-pg-form": "", "aria-labelledby": titleId });
    this.form.addEventListener("submit", function (e) { e.preventDefault(); self.send(); });
    this.form.addEventListener("input", function (e) { self.onInput(e.target); });
    this.form.addEventListener("change", function (e) { self.onInput(e.target); });
    this.form.addEventListener("focusout", function (e) {
      // Moving to Send/Copy: no blur message now, or the layout shifts under the pointer mid-click.
      var next = e.relatedTarget;
      if (next && next.closest && next.closest(".pg-actions")) { return; }
      self.onBlur(e.target);
    });
    this.form.addEventListener("keydown", function (e) {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); self.send(); }
    });

    var anyRequired = false;
    if (this.servers.length) { this.form.appendChild(this.buildServers()); }
    var authGroup = this.buildAuth();
    if (authGroup) { this.form.appendChild(authGroup); }
    var titles = { path: "Path parameters", query: "Query parameters", header: "Headers", cookie: "Cookies" };
    ["path", "query", "header", "cookie"].forEach(function (loc) {
      var ps = self.params.filter(function (p) { return p["in"] === loc; });
      if (!ps.length) { return; }
      var legend = h("legend", { "class": "pg-legend", text: titles[loc] });
      var group = h("fieldset", { "class": "pg-group", "data-pg-group": loc }, [legend]);
      if (loc === "cookie" && self.data.proxy === false) {
        group.appendChild(h("p", { "class": "pg-note", text: "Browsers do not let pages set cookies on requests to other sites: without the docs proxy, cookie values are only used in Copy as curl." }));
      }
      ps.forEach(function (p) {
        if (p.required) { anyRequired = true; }
        group.appendChild(self.buildParam(p));
      });
      self.form.appendChild(group);
    });
    if (this.body) {
      var mediaPicker = this.buildMediaPicker();
      if (mediaPicker) { this.form.appendChild(mediaPicker); }
      this.bodyGroup = this.buildBodyGroup();
      this.form.appendChild(this.bodyGroup);
    }
    if (anyRequired || (this.body && this.body.required)) {
      this.form.insertBefore(h("p", { "class": "pg-required-note" }, [h("span", { "class": "pg-req", "aria-hidden": "true", text: "*" }), " Required"]), this.form.firstChild);
    }
    this.form.appendChild(this.buildActions());

    this.response = h("div", { "class": "pg-response", "data-pg-response": "", hidden: true, "aria-labelledby": nextId("resp") });
    this.live = h("div", { "class": "visually-hidden", role: "status", "aria-live": "polite", "data-pg-live": "" });
    var panel = h("section", { "class": "pg-panel", id: "try-it", "aria-labelledby": titleId,
      "data-docgen-playground-panel": "", hidden: true }, [head, this.form, this.response, this.live]);
    return panel;
  };

  /* A form row: label column (name, required mark, docs anchor, type) and input column. */
  Playground.prototype.row = function (opts) {
    var id = nextId("f");
    var hintId = id + "-hint";
    var errId = id + "-error";
    var nameEl = h("code", { "class": "pg-name", text: opts.name });
    var label = h("label", { "class": "pg-label", "for": id }, [nameEl,
      opts.required ? h("span", { "class": "pg-req", "aria-hidden": "true", title: "required", text: "*" }) : null]);
    var labelCol = h("div", { "class": "pg-label-col" }, [label]);
    if (opts.anchor) {
      labelCol.appendChild(h("a", { "class": "pg-anchor", href: "#" + encodeURIComponent(opts.anchor).replace(/%2E/gi, "."),
        "aria-label": "Documentation of " + opts.name, title: "Go to the documentation", "data-pg-anchor": opts.key }, [icon("link", 14)]));
    }
    var meta = h("div", { "class": "pg-meta" });
    if (opts.type) { meta.appendChild(h("span", { "class": "pg-type", text: opts.type })); }
    if (opts.deprecated) { meta.appendChild(h("span", { "class": "tag tag-deprecated", text: "deprecated" })); }
    if (meta.firstChild) { labelCol.appendChild(meta); }
    if (opts.deprecated) { labelCol.classList.add("is-deprecated"); }

    var control = opts.control;
    control.id = id;
    control.setAttribute("data-param", opts.key);
    if (opts.required) { control.setAttribute("aria-required", "true"); }
    var hint = opts.hint || opts.description
      ? h("p", { "class": "pg-hint", id: hintId }, [opts.description ? h("span", { "class": "pg-desc", title: opts.description, text: opts.description }) : null,
        opts.hint ? h("span", { "class": "pg-constraints", text: opts.hint }) : null])
      : null;
    var error = h("p", { "class": "pg-error", id: errId, "data-error-for": opts.key, hidden: true });
    if (hint) { control.setAttribute("aria-describedby", hintId); }
    var inputWrap = opts.wrap || control;
    var inputCol = h("div", { "class": "pg-input-col" }, [inputWrap, hint, error]);
    var rowEl = h("div", { "class": "pg-field", "data-field": opts.key }, [labelCol, inputCol]);
    return { el: rowEl, control: control, error: error, hintId: hint ? hintId : null, errId: errId };
  };

  Playground.prototype.buildParam = function (p) {
    var schema = isObj(p.schema) ? p.schema : {};
    var kind = kindOf(schema);
    // A form field that is a list of objects (Telegram's caption_entities) is JSON, sent as
    // one part: split at its commas as a list of values, it was sent as broken pieces.
    var itemKind = kind === "array" && isObj(schema.items) ? kindOf(schema.items) : null;
    if (p["in"] === "body" && (itemKind === "object" || itemKind === "array")) { kind = "json"; }
    var key = p["in"] + ":" + p.name;
    var sample = p.example !== null && p.example !== undefined ? p.example : (has(schema, "default") ? schema["default"] : null);
    // Inputs start empty (the example is the placeholder) unless the reader typed this path
    // parameter on another endpoint of the site in this tab.
    var remembered = p["in"] === "path" ? sessionGet(this.pathKey(p.name)) : null;
    var prefill = remembered !== null && remembered !== "";
    if (prefill) { sample = kind === "object" || kind === "json" || kind === "array" ? (function () { try { return JSON.parse(remembered); } catch (e) { return remembered; } })() : remembered; }
    // api.examples.prefill (Mintlify): inputs start with the spec's example (else the default).
    else if (this.site.prefill && sample !== null && sample !== undefined) { prefill = true; }
    var control;
    var itemsWrap = null;
    var hint = constraintText(schema);
    if (kind === "enum" || kind === "boolean") {
      var values = kind === "boolean" ? [true, false] : schema.enum;
      control = h("select", { "class": "pg-input pg-select" });
      var needEmpty = !p.required || !prefill;
      if (needEmpty) {
        var emptyText = p.required ? "Select a value" : has(schema, "default") ? "(not set: default " + display(schema["default"]) + ")" : "(not set)";
        control.appendChild(h("option", { value: "", text: emptyText }));
      }
      values.forEach(function (v) { control.appendChild(h("option", { value: display(v), text: display(v) })); });
      control.value = prefill ? display(sample) : "";
      if (control.selectedIndex === -1) { control.selectedIndex = 0; }
      hint = constraintText(schema, true);
    } else if (kind === "integer" || kind === "number") {
      control = h("input", { "class": "pg-input", type: "number", inputmode: kind === "integer" ? "numeric" : "decimal",
        step: isNum(schema.multipleOf) ? schema.multipleOf : kind === "integer" ? "1" : "any" });
      if (isNum(schema.minimum) && schema.exclusiveMinimum !== true) { control.setAttribute("min", String(schema.minimum)); }
      if (isNum(schema.maximum) && schema.exclusiveMaximum !== true) { control.setAttribute("max", String(schema.maximum)); }
    } else if (kind === "object" || kind === "json") {
      control = h("textarea", { "class": "pg-input pg-textarea pg-json-small", rows: "3", spellcheck: "false",
        autocapitalize: "off", autocomplete: "off" });
      hint = (kind === "json" ? "JSON array" : "JSON object") + (hint ? " · " + hint : "");
    } else if (kind === "array") {
      // One input per item (commas are part of an item), serialised by the style table.
      var items = isObj(schema.items) ? schema.items : {};
      var picked = kindOf(items) === "enum" || kindOf(items) === "boolean";  // a select per item
      var itemRange = constraintText(items, true);
      hint = (picked ? "One choice per item" : "One value per item") + (itemRange ? ", each " + itemRange : "") + (hint ? " · " + hint : "");
      var list = this.buildItems(p, Array.isArray(sample) ? sample : sample !== null && sample !== undefined ? [sample] : [], prefill);
      control = list.first;
      itemsWrap = list.wrap;
    } else {
      control = h("input", { "class": "pg-input", type: "text", spellcheck: "false", autocapitalize: "off", autocomplete: "off" });
    }
    if (control.tagName !== "SELECT" && kind !== "array") {
      var json = kind === "object" || kind === "json";
      if (prefill) { control.value = json ? JSON.stringify(sample, null, 2) : display(sample); }
      if (sample !== null && sample !== undefined) { control.setAttribute("placeholder", json ? JSON.stringify(sample) : display(sample)); }
      // A hand-written page's <ParamField placeholder="...">, as Mintlify's playground shows it.
      if (typeof p.placeholder === "string" && p.placeholder && !prefill) { control.setAttribute("placeholder", p.placeholder); }
    }
    // allowEmptyValue: a box to send the parameter with an empty value ("name="), as Swagger UI does.
    var sendEmpty = null;
    var wrap = itemsWrap;
    if (p["in"] === "query" && p.allowEmptyValue === true && !p.required) {
      sendEmpty = h("input", { type: "checkbox", "class": "pg-check", id: nextId("empty"), "data-pg-send-empty": p.name });
      wrap = h("div", { "class": "pg-input-stack" }, [itemsWrap || control, h("p", { "class": "pg-remember" }, [sendEmpty,
        h("label", { "for": sendEmpty.id, text: "Send an empty value when this is left empty" })])]);
    }
    var r = this.row({ key: key, name: p.name, anchor: typeof p.anchor === "string" && p.anchor ? p.anchor : null,
      required: !!p.required, deprecated: !!p.deprecated, type: typeof p.content === "string" ? p.content : typeLabel(schema),
      description: typeof p.description === "string" ? p.description.trim() : "", hint: hint, control: control, wrap: wrap });
    var field = { key: key, param: p, schema: schema, kind: kind, control: control, error: r.error,
      hintId: r.hintId, errId: r.errId, required: !!p.required, touched: false, sendEmpty: sendEmpty,
      itemList: itemsWrap ? itemsWrap.querySelector("[data-pg-items]") : null };
    control._pgField = field;
    if (field.itemList) { Array.prototype.forEach.call(field.itemList.querySelectorAll("[data-pg-item]"), function (c) { c._pgField = field; }); }
    this.fields.push(field);
    return r.el;
  };

  /* An array's items, one input each, with Remove buttons and "Add item". The first input is
     the field's control (its label points at it); removing an item moves the later ones up,
     so the inputs stay in place and a removed last item leaves its row empty. */
  Playground.prototype.buildItems = function (p, sample, prefill) {
    var self = this;
    var list = h("ul", { "class": "pg-items", "data-pg-items": p["in"] + ":" + p.name, role: "list" });
    // Items of an enum (or booleans) are chosen, one select per item, as Mintlify offers them.
    var items = isObj(p.schema) && isObj(p.schema.items) ? p.schema.items : {};
    var choices = kindOf(items) === "boolean" ? [true, false] : kindOf(items) === "enum" ? items.enum : null;
    function itemInput(n) {
      var input;
      if (choices) {
        input = h("select", { "class": "pg-input pg-select", "data-pg-item": String(n) },
          [h("option", { value: "", text: sample[n] !== undefined && sample[n] !== null ? "Select a value (e.g. " + display(sample[n]) + ")" : "Select a value" })]
            .concat(choices.map(function (v) { return h("option", { value: display(v), text: display(v) }); })));
      } else {
        input = h("input", { "class": "pg-input", type: "text", spellcheck: "false", autocapitalize: "off",
          autocomplete: "off", "data-pg-item": String(n) });
        if (sample[n] !== undefined && sample[n] !== null) { input.setAttribute("placeholder", display(sample[n])); }
      }
      if (n > 0) { input.setAttribute("aria-label", p.name + ", item " + (n + 1)); }
      var remove = h("button", { type: "button", "class": "icon-button pg-item-remove", "data-pg-item-remove": "",
        "aria-label": "Remove item " + (n + 1) + " of " + p.name, title: "Remove this item" }, [icon("close", 14)]);
      remove.addEventListener("click", function () {
        var inputs = list.querySelectorAll("[data-pg-item]");
        var at = Array.prototype.indexOf.call(inputs, input);
        for (var i = at; i < inputs.length - 1; i++) { inputs[i].value = inputs[i + 1].value; }
        if (inputs.length > 1) { list.removeChild(list.lastChild); } else { inputs[0].value = ""; }
        var left = list.querySelectorAll("[data-pg-item]");
        left[Math.min(at, left.length - 1)].focus();
        self.onInput(left[0]);
      });
      return h("li", { "class": "pg-item" }, [input, remove]);
    }
    var count = prefill ? Math.max(sample.length, 1) : 1;
    for (var n = 0; n < count; n++) {
      list.appendChild(itemInput(n));
      var made = list.lastChild.querySelector("[data-pg-item]");
      if (prefill && sample[n] !== undefined) { made.value = display(sample[n]); }
      if (made.selectedIndex === -1) { made.selectedIndex = 0; }  // a remembered value the enum lacks
    }
    var add = h("button", { type: "button", "class": "pg-link-button pg-item-add", "data-pg-item-add": "",
      "aria-label": "Add an item to " + p.name }, [h("span", { "aria-hidden": "true", text: "+ " }), "Add item"]);
    add.addEventListener("click", function () {
      var row = itemInput(list.children.length);
      list.appendChild(row);
      var input = row.querySelector("[data-pg-item]");
      input._pgField = list.querySelector("[data-pg-item]")._pgField;
      input.focus();
    });
    return { first: list.querySelector("[data-pg-item]"), wrap: h("div", { "class": "pg-items-wrap" }, [list, add]) };
  };
  /* The items typed in an array field (empty ones left out). */
  function itemValues(field) {
    if (!field.itemList) { return splitList(field.control.value); }
    return Array.prototype.map.call(field.itemList.querySelectorAll("[data-pg-item]"), function (c) { return c.value; })
      .filter(function (v) { return v.trim() !== ""; });
  }
  /* A field's value as one text: an array's items as a JSON list ("" when there are none). */
  function fieldRaw(field) {
    if (!field.itemList) { return field.control.value; }
    var items = itemValues(field);
    return items.length ? JSON.stringify(items) : "";
  }

  Playground.prototype.pathKey = function (name) { return STORE + "path:" + this.site.root + ":" + name; };

  /* ------------------------------------------------------------ servers */
  Playground.prototype.buildServers = function () {
    var self = this;
    var group = h("fieldset", { "class": "pg-group", "data-pg-group": "server" }, [h("legend", { "class": "pg-legend", text: "Server" })]);
    this.serverIndex = 0;
    var stored = sessionGet(STORE + "server:" + this.site.root);
    if (this.servers.length > 1) {
      var select = h("select", { "class": "pg-input pg-select", "data-pg-server": "" });
      this.servers.forEach(function (s, i) {
        var text = str(s.url) + (typeof s.description === "string" && s.description ? " (" + s.description + ")" : "");
        select.appendChild(h("option", { value: String(i), text: text }));
        if (stored !== null && stored === str(s.url)) { self.serverIndex = i; }
      });
      select.value = String(this.serverIndex);
      var r = this.row({ key: "server", name: "URL", control: select });
      select.removeAttribute("data-param");
      select.addEventListener("change", function () {
        self.serverIndex = Number(select.value) || 0;
        sessionSet(STORE + "server:" + self.site.root, str(self.servers[self.serverIndex].url));
        self.renderServerVars();
        self.updatePreview();
      });
      group.appendChild(r.el);
    } else {
      var single = h("code");
      setUrlText(single, str(this.servers[0].url));
      group.appendChild(h("p", { "class": "pg-server-single" }, [single,
        typeof this.servers[0].description === "string" && this.servers[0].description ? h("span", { "class": "pg-muted", text: this.servers[0].description }) : null]));
    }
    this.serverVarBox = h("div", { "class": "pg-server-vars" });
    group.appendChild(this.serverVarBox);
    this.renderServerVars();
    return group;
  };

  Playground.prototype.renderServerVars = function () {
    var self = this;
    clear(this.serverVarBox);
    this.serverFields = [];
    var server = this.servers[this.serverIndex] || {};
    arr(server.variables).filter(function (v) { return isObj(v) && typeof v.name === "string"; }).forEach(function (v) {
      var control;
      var choices = arr(v.enum);
      if (choices.length) {
        control = h("select", { "class": "pg-input pg-select" });
        choices.forEach(function (c) { control.appendChild(h("option", { value: display(c), text: display(c) })); });
        control.value = display(v["default"]);
        if (control.selectedIndex === -1) { control.selectedIndex = 0; }
      } else {
        control = h("input", { "class": "pg-input", type: "text", spellcheck: "false", autocapitalize: "off" });
        control.value = v["default"] === null || v["default"] === undefined ? "" : display(v["default"]);
      }
      var r = self.row({ key: "server:" + v.name, name: "{" + v.name + "}", required: true, control: control,
        description: typeof v.description === "string" ? v.description : "" });
      control.removeAttribute("data-param");
      control.setAttribute("data-server-var", v.name);
      var field = { key: "server:" + v.name, name: v.name, control: control, error: r.error, hintId: r.hintId,
        errId: r.errId, required: true, kind: "string", schema: {}, serverVar: true };
      control._pgField = field;
      self.serverFields.push(field);
      self.serverVarBox.appendChild(r.el);
    });
  };

  /* --------------------------------------------------------------- auth */
  Playground.prototype.buildAuth = function () {
    var self = this;
    var alts = this.security;
    if (!alts.length || alts.every(function (a) { return !a.length; })) { return null; }
    var group = h("fieldset", { "class": "pg-group", "data-pg-group": "auth" }, [h("legend", { "class": "pg-legend", text: "Authorization" })]);
    this.authIndex = 0;
    if (alts.length > 1) {
      var choiceKey = STORE + "auth-choice:" + this.site.root;
      var stored = sessionGet(choiceKey);
      var select = h("select", { "class": "pg-input pg-select", "data-pg-auth-select": "" });
      alts.forEach(function (alt, i) {
        var sig = alt.map(function (s) { return str(s.key); }).join("+");
        var text = alt.length ? alt.map(function (s) { return str(s.title) || str(s.key); }).join(" + ") : "No authentication";
        select.appendChild(h("option", { value: String(i), text: text }));
        if (stored !== null && stored === sig) { self.authIndex = i; }
      });
      select.value = String(this.authIndex);
      var r = this.row({ key: "auth", name: "Method", control: select });
      select.removeAttribute("data-param");
      select.addEventListener("change", function () {
        self.authIndex = Number(select.value) || 0;
        sessionSet(choiceKey, alts[self.authIndex].map(function (s) { return str(s.key); }).join("+"));
        self.renderAuth();
        self.updatePreview();
      });
      group.appendChild(r.el);
    } else if (alts[0].length > 1) {
      group.appendChild(h("p", { "class": "pg-note", text: "These are sent together." }));
    }
    this.authBox = h("div", { "class": "pg-auth" });
    group.appendChild(this.authBox);
    var rememberKey = STORE + "remember:" + this.site.root;
    this.remember = sessionGet(rememberKey) === "1";
    var box = h("input", { type: "checkbox", "class": "pg-check", id: nextId("remember"), "data-pg-remember": "" });
    box.checked = this.remember;
    box.addEventListener("change", function () {
      self.remember = box.checked;
      sessionSet(rememberKey, box.checked ? "1" : null);
      self.authFields.forEach(function (a) { self.storeAuth(a.scheme, a.part, box.checked ? a.control.value : null); });
    });
    group.appendChild(h("p", { "class": "pg-remember" }, [box, h("label", { "for": box.id,
      text: "Remember my credentials on this site until this tab is closed" })]));
    // Alternatives include "no authentication": credentials are optional.
    this.authRequired = !alts.some(function (a) { return !a.length; });
    this.renderAuth();
    return group;
  };

  /* Remembered credentials belong to the API origin they were typed for: the same scheme name
     on another server (another spec, an operation's own servers, a server variable) starts
     empty, so a key typed for one API never fills a request to another. */
  Playground.prototype.storeKey = function (schemeKey) {
    return STORE + "auth:" + this.site.root + ":" + this.authOrigin + ":" + schemeKey;
  };
  Playground.prototype.serverOrigin = function () {
    var base = this.serverBase();
    if (base.error) { return ""; }
    try { return new URL(base.url).origin; } catch (e) { return ""; }
  };
  /* The server changed: remembered credentials are those of its origin (none: empty fields). */
  Playground.prototype.followServer = function () {
    var self = this;
    var origin = this.serverOrigin();
    if (!this.authFields || origin === this.authOrigin) { return; }
    this.authOrigin = origin;
    if (!this.remember) { return; }
    this.authFields.forEach(function (a) {
      var saved = {};
      try { saved = JSON.parse(sessionGet(self.storeKey(str(a.scheme.key))) || "{}") || {}; } catch (e) { saved = {}; }
      a.control.value = typeof saved[a.part] === "string" ? saved[a.part] : "";
    });
  };
  Playground.prototype.storeAuth = function (scheme, part, value) {
    var key = this.storeKey(str(scheme.key));
    var saved = {};
    try { saved = JSON.parse(sessionGet(key) || "{}") || {}; } catch (e) { saved = {}; }
    if (value === null) { delete saved[part]; } else { saved[part] = value; }
    sessionSet(key, Object.keys(saved).length ? JSON.stringify(saved) : null);
  };

  Playground.prototype.renderAuth = function () {
    var self = this;
    this.authOrigin = this.serverOrigin();
    clear(this.authBox);
    this.authFields = [];
    var alt = this.security[this.authIndex] || [];
    if (!alt.length) {
      this.authBox.appendChild(h("p", { "class": "pg-note", text: "The request is sent without credentials." }));
      return;
    }
    var several = alt.length > 1;
    alt.forEach(function (scheme) {
      var key = str(scheme.key);
      var kind = str(scheme.kind);
      var title = str(scheme.title) || key;
      var saved = {};
      if (self.remember) {
        try { saved = JSON.parse(sessionGet(self.storeKey(key)) || "{}") || {}; } catch (e) { saved = {}; }
      }
      var where = scheme["in"] === "query" ? "query parameter" : scheme["in"] === "cookie" ? "cookie" : "header";
      if (kind === "basic") {
        self.authInput(scheme, "username", "Username", several ? title : "", false, saved.username, null);
        self.authInput(scheme, "password", "Password", several ? title : "", true, saved.password, null);
      } else if (kind === "bearer" || kind === "oauth2" || kind === "openIdConnect") {
        var how = "Sent as " + (str(scheme.name) || "Authorization") + ": Bearer <token>";
        self.authInput(scheme, "token", kind === "bearer" ? "Token" : "Access token", several ? title : "", true, saved.token, how);
      } else if ((kind === "apiKey" || scheme["in"]) && typeof scheme.name === "string" && scheme.name) {
        self.authInput(scheme, "token", "API key", several ? title : "", true, saved.token, "Sent in the " + scheme.name + " " + where);
      } else {
        self.authBox.appendChild(h("p", { "class": "pg-note", "data-auth-unsupported": key },
          [h("strong", { text: title }), ": this authentication method (" + (kind || "unknown") + ") can't be filled in here; add its header by hand with Copy as curl."]));
      }
    });
  };

  Playground.prototype.authInput = function (scheme, part, labelText, title, secret, value, hint) {
    var self = this;
    var key = str(scheme.key);
    var input = h("input", { "class": "pg-input", type: secret ? "password" : "text", spellcheck: "false",
      autocapitalize: "off", autocomplete: secret ? "off" : "username", "data-auth": part === "token" ? key : key + ":" + part });
    input.value = typeof value === "string" ? value : "";
    var wrap = input;
    if (secret) {
      var reveal = h("button", { type: "button", "class": "pg-reveal", "aria-pressed": "false", "aria-label": "Show " + labelText.toLowerCase(),
        title: "Show", "data-pg-reveal": "" }, [icon("eye", 16)]);
      reveal.addEventListener("click", function () {
        var show = input.type === "password";
        input.type = show ? "text" : "password";
        reveal.setAttribute("aria-pressed", show ? "true" : "false");
        reveal.setAttribute("title", show ? "Hide" : "Show");
        clear(reveal);
        reveal.appendChild(icon(show ? "eyeOff" : "eye", 16));
      });
      wrap = h("div", { "class": "pg-secret" }, [input, reveal]);
    }
    var needed = this.authRequired && part !== "password";
    var r = this.row({ key: "auth:" + key + ":" + part, name: labelText, control: input, wrap: wrap,
      description: title, hint: hint, required: needed });
    input.removeAttribute("data-param");
    input.addEventListener("input", function () {
      if (self.remember) { self.storeAuth(scheme, part, input.value); }
    });
    this.authFields.push({ scheme: scheme, part: part, control: input, error: r.error, errId: r.errId, hintId: r.hintId, required: needed });
    this.authBox.appendChild(r.el);
  };

  /* --------------------------------------------------------------- body */
  Playground.prototype.mediaType = function () { return str(this.body && this.body.mediaType) || "application/json"; };
  Playground.prototype.isJsonBody = function () { return /(^application\/json|\+json)(\s*;|$)/i.test(this.mediaType()) || /^[a-z]+\/json\b/i.test(this.mediaType()); };

  Playground.prototype.buildBodyGroup = function () {
    return this.hasFormBody() ? this.buildFormBody() : this.body.binary ? this.buildFileBody() : this.buildBody();
  };
  /* A body the spec lets be sent as several media types (JSON, a form, XML...): a picker that
     swaps the editor or form, and so the Content-Type sent and Copy as curl (as Scalar does). */
  Playground.prototype.buildMediaPicker = function () {
    var self = this;
    var all = arr(this.body.media).filter(function (m) { return isObj(m) && typeof m.mediaType === "string"; });
    if (all.length < 2) { return null; }
    var required = !!this.body.required;
    var id = nextId("media");
    var select = h("select", { "class": "pg-input pg-select", id: id, "data-pg-media": "" },
      all.map(function (m, i) { return h("option", { value: String(i), text: m.mediaType }); }));
    function indexOf(mediaType) {
      for (var i = 0; i < all.length; i++) { if (all[i].mediaType === mediaType) { return i; } }
      return -1;
    }
    function use(index) {
      self.body = Object.assign({}, all[index], { required: required, media: all });
      select.value = String(index);
    }
    function pick(index) {
      var chosen = all[index];
      use(index);
      self.fields = self.fields.filter(function (f) { return !f.param || (f.param["in"] !== "body" && f.param["in"] !== "binary"); });
      self.bodyField = null;
      var group = self.buildBodyGroup();
      self.bodyGroup.parentNode.replaceChild(group, self.bodyGroup);
      self.bodyGroup = group;
      self.bodyTyped = false;
      self.live.textContent = "Request body: " + chosen.mediaType;
      // The page follows at once: the type's body example, and its request samples until the
      // reader has typed (then they show the request the form describes).
      self.showMediaType(chosen.mediaType);
      self.updatePreview();
    }
    // The page may already show another type (its body example tab): start with that one.
    var shown = $(".sample-body [role=tabpanel][data-media-type]:not([hidden])", this.layout);
    var start = shown ? indexOf(shown.getAttribute("data-media-type")) : -1;
    if (start > 0) { use(start); }
    select.addEventListener("change", function () { pick(Number(select.value)); });
    // A body example tab picked on the page (docgen.js) switches the form too, unless the
    // reader typed in the body: a tab never throws away what they typed.
    this.layout.addEventListener("docgen:media-type", function (e) {
      var at = indexOf(e.detail && e.detail.mediaType);
      if (at >= 0 && String(at) !== select.value && !self.bodyTyped) { pick(at); }
    });
    return h("div", { "class": "pg-group pg-body-media" }, [
      h("label", { "class": "pg-label", "for": id, text: "Content type" }), select]);
  };
  /* Shows the page's request samples and body example of one media type (a body that has
     several: render/mediasamples.py writes every type's samples, the first one shown). */
  Playground.prototype.showMediaType = function (mediaType) {
    var layout = this.layout;
    var tabs = $$(".sample-body [role=tab]", layout);
    var current = $(".sample-body [role=tabpanel][data-media-type]:not([hidden])", layout);
    if (!current || current.getAttribute("data-media-type") !== mediaType) {
      var tab = tabs.filter(function (t) {
        var panel = doc.getElementById(t.getAttribute("aria-controls") || "");
        return panel && panel.getAttribute("data-media-type") === mediaType;
      })[0];
      if (tab) { tab.click(); }  // docgen.js shows the panel (and the samples)
    }
    $$(".sample-request [role=tabpanel]", layout).forEach(function (panel) {
      var pres = $$("pre[data-media-type]", panel);
      var match = pres.filter(function (pre) { return pre.getAttribute("data-media-type") === mediaType; })[0];
      if (!match || $("pre[data-pg-live]", panel)) { return; }
      pres.forEach(function (pre) { pre.hidden = pre !== match; });
    });
  };

  /* A form body (multipart/form-data, x-www-form-urlencoded) whose fields the spec names: one
     input per field, checked like a parameter, and a file picker for each file part. */
  Playground.prototype.hasFormBody = function () { return arr(this.body.form).some(isObj); };
  Playground.prototype.buildFormBody = function () {
    var self = this;
    var legend = h("legend", { "class": "pg-legend" }, ["Request body", h("span", { "class": "media-type", text: this.mediaType() })]);
    var group = h("fieldset", { "class": "pg-group pg-form-body", "data-pg-group": "body" }, [legend]);
    arr(this.body.form).filter(function (f) { return isObj(f) && typeof f.name === "string" && f.name; }).forEach(function (f) {
      var p = { name: f.name, "in": "body", required: !!f.required, description: f.description,
        schema: f.file ? {} : f.schema, example: f.file ? null : f.example, encoding: f.encoding };
      group.appendChild(f.file ? self.buildFileField(p, !!f.many) : self.buildParam(p));
    });
    return group;
  };
  /* A body that is a file's bytes (application/octet-stream, images...): a file picker. */
  Playground.prototype.buildFileBody = function () {
    var legend = h("legend", { "class": "pg-legend" }, ["Request body", h("span", { "class": "media-type", text: this.mediaType() })]);
    var p = { name: "file", "in": "binary", required: !!this.body.required, description: "Sent as the body, byte for byte." };
    return h("fieldset", { "class": "pg-group pg-form-body", "data-pg-group": "body" }, [legend, this.buildFileField(p, false)]);
  };
  Playground.prototype.buildFileField = function (p, many) {
    var key = p["in"] + ":" + p.name;
    var control = h("input", { "class": "pg-input pg-file", type: "file" });
    control.multiple = many;
    var r = this.row({ key: key, name: p.name, required: p.required, type: many ? "files" : "file",
      description: typeof p.description === "string" ? p.description.trim() : "", control: control });
    var field = { key: key, param: p, schema: {}, kind: "file", control: control, error: r.error,
      hintId: r.hintId, errId: r.errId, required: p.required, touched: false };
    control._pgField = field;
    this.fields.push(field);
    return r.el;
  };

  Playground.prototype.buildBody = function () {
    var self = this;
    var id = nextId("body");
    var example = str(this.body.example);
    var textarea = h("textarea", { "class": "pg-input pg-textarea pg-editor", id: id, spellcheck: "false",
      autocapitalize: "off", autocomplete: "off", "data-pg-body": "",
      rows: String(Math.min(18, Math.max(6, example.split("\n").length + 1))) });
    textarea.value = example;
    if (this.body.required) { textarea.setAttribute("aria-required", "true"); }
    var reset = h("button", { type: "button", "class": "pg-link-button", "data-pg-body-reset": "", text: "Reset" });
    reset.hidden = !example;
    reset.addEventListener("click", function () {
      textarea.value = example;
      self.setError(self.bodyField, null);
      self.updatePreview();
      textarea.focus();
    });
    var error = h("p", { "class": "pg-error", id: id + "-error", "data-pg-body-error": "", "data-error-for": "body", hidden: true });
    var head = h("div", { "class": "pg-body-head" }, [
      h("label", { "class": "pg-label", "for": id }, ["Request body", this.body.required ? h("span", { "class": "pg-req", "aria-hidden": "true", text: "*" }) : null]),
      h("span", { "class": "media-type", text: this.mediaType() }),
      reset
    ]);
    this.bodyField = { key: "body", control: textarea, error: error, errId: id + "-error", hintId: null,
      required: !!this.body.required, body: true, touched: false };
    textarea._pgField = this.bodyField;
    var editor = textarea;
    if (this.isJsonBody()) {
      // Syntax highlighting: the coloured copy sits under a textarea whose own text is transparent.
      var shade = h("code");
      var under = h("pre", { "class": "highlight pg-editor-shade", "aria-hidden": "true" }, [shade]);
      var paint = function () {
        clear(shade);
        highlightJson(shade, textarea.value + "\n");
        under.scrollTop = textarea.scrollTop;
        under.scrollLeft = textarea.scrollLeft;
      };
      textarea.classList.add("pg-editor-glass");
      textarea.addEventListener("input", paint);
      textarea.addEventListener("scroll", function () { under.scrollTop = textarea.scrollTop; under.scrollLeft = textarea.scrollLeft; });
      reset.addEventListener("click", paint);
      paint();
      editor = h("div", { "class": "pg-editor-wrap" }, [under, textarea]);
    }
    // Named examples, or one per schema when the body is one of several: a picker that puts
    // the chosen one in the editor (and Reset goes back to it).
    var choices = arr(this.body.examples).filter(function (c) { return isObj(c) && typeof c.label === "string" && typeof c.text === "string"; });
    var picker = null;
    if (choices.length >= 2) {
      var select = h("select", { "class": "pg-input pg-select", id: id + "-example", "data-pg-body-example": "" },
        choices.map(function (c, i) { return h("option", { value: String(i), text: c.label }); }));
      select.addEventListener("change", function () {
        example = choices[Number(select.value)].text;
        textarea.value = example;
        reset.hidden = !example;
        self.setError(self.bodyField, null);
        textarea.dispatchEvent(new Event("input", { bubbles: true }));
        self.updatePreview();
      });
      picker = h("div", { "class": "pg-body-example" }, [h("label", { "class": "pg-label", "for": id + "-example", text: "Example" }), select]);
    }
    var group = h("div", { "class": "pg-group pg-body", "data-pg-group": "body" }, [head, picker, editor, error]);
    if (/^multipart\//i.test(this.mediaType())) {
      group.insertBefore(h("p", { "class": "pg-note", text: "Multipart bodies can't be composed here: the text is sent as it is. Use Copy as curl with -F for files." }), textarea);
    }
    return group;
  };

  /* ------------------------------------------------------------ actions */
  Playground.prototype.buildActions = function () {
    var self = this;
    this.sendButton = h("button", { type: "submit", "class": "button button-primary pg-send", "data-pg-send": "" },
      [h("span", { "class": "pg-spinner", "aria-hidden": "true" }), icon("play", 12), h("span", { "class": "pg-send-label", text: "Send" })]);
    this.cancelButton = h("button", { type: "button", "class": "button pg-cancel", "data-pg-cancel": "", hidden: true, text: "Cancel" });
    this.cancelButton.addEventListener("click", function () { if (self.controller) { self.controller.abort(); } });
    this.curlButton = h("button", { type: "button", "class": "copy-button pg-curl", "data-pg-curl": "", title: "Copy the request as a curl command" },
      [icon("terminal", 14), h("span", { "class": "pg-curl-label", text: "Copy as curl" })]);
    this.curlButton.addEventListener("click", function () { self.copyCurl(); });
    this.formStatus = h("p", { "class": "pg-form-status", "data-pg-form-status": "", role: "status" });
    var keys = h("span", { "class": "pg-keys", "aria-hidden": "true" }, [h("kbd", { text: /Mac|iPhone|iPad/.test(navigator.platform || "") ? "⌘" : "Ctrl" }), h("kbd", { text: "↵" })]);
    return h("div", { "class": "pg-actions" }, [this.sendButton, this.cancelButton, keys, h("span", { "class": "pg-spacer" }), this.curlButton, this.formStatus]);
  };

  /* --------------------------------------------------- input + validation */
  Playground.prototype.onInput = function (target) {
    if (target && target.hasAttribute && target.hasAttribute("data-pg-media")) { return; }  // its own handler
    var field = target && target._pgField;
    if (field && (field.body || (field.param && (field.param["in"] === "body" || field.param["in"] === "binary")))) { this.bodyTyped = true; }
    this.dirty = true;
    this.followServer();
    if (field && field.param && field.param["in"] === "path") { sessionSet(this.pathKey(field.param.name), fieldRaw(field) || null); }
    if (field && (field.touched || field.error.hidden === false)) { this.validate(field); }
    if (this.formStatus.classList.contains("is-error") && !this.form.querySelector(".pg-error:not([hidden])")) {
      this.formStatus.textContent = "";
      this.formStatus.classList.remove("is-error");
    }
    this.schedulePreview();
  };
  Playground.prototype.onBlur = function (target) {
    var field = target && target._pgField;
    if (!field) { return; }
    if (fieldRaw(field) !== "" || field.touched) { field.touched = true; this.validate(field); }
  };

  Playground.prototype.schedulePreview = function () {
    var self = this;
    if (this.previewPending) { return; }
    this.previewPending = true;
    window.requestAnimationFrame(function () { self.previewPending = false; self.updatePreview(); });
  };

  Playground.prototype.updatePreview = function () {
    this.followServer();
    var req = this.buildRequest();
    setUrlText(this.preview, req.error ? this.path : req.displayUrl);
    this.preview.setAttribute("title", req.error ? this.path : req.displayUrl);
    if (this.dirty) { this.syncSamples(); }
  };

  /* The page's request samples (cURL, Python, JavaScript) and request body example follow the
     form once the reader has typed in it; secrets are shown masked. */
  Playground.prototype.syncSamples = function () {
    var req = this.buildRequest(true);
    if (req.error) { return; }
    var layout = this.layout;
    Array.prototype.forEach.call(layout.querySelectorAll(".sample-request [role=tab][data-lang]"), function (tab) {
      var code = sampleCode(tab.getAttribute("data-lang"), req);
      var panel = doc.getElementById(tab.getAttribute("aria-controls") || "");
      var target = panel && panel.querySelector("pre code");
      if (code !== null && target) {
        target.textContent = code;
        // One live sample in the panel (a body of several types has one per type).
        $$("pre", panel).forEach(function (pre) { pre.hidden = pre !== target.parentNode; });
        target.parentNode.setAttribute("data-pg-live", "");
      }
    });
    var bodyCode = layout.querySelector(".sample-body [role=tabpanel]:not([hidden]) pre code");
    if (bodyCode && this.bodyField) {
      var text = this.bodyField.control.value;
      clear(bodyCode);
      if (this.isJsonBody() && !checkJson(text)) { highlightJson(bodyCode, text); } else { bodyCode.textContent = text; }
    }
  };

  function pyStr(s) { return JSON.stringify(String(s)); }
  function sampleCode(lang, req) {
    var headers = req.headers.slice();
    if (req.cookies.length) { headers.push(["Cookie", req.cookies.map(function (kv) { return kv[0] + "=" + kv[1]; }).join("; ")]); }
    var lines;
    if (lang === "curl") {
      lines = ["curl --request " + req.method + globoff(req.displayUrl), "  --url " + shellQuote(req.displayUrl)];
      headers.forEach(function (kv) { lines.push("  --header " + shellQuote(kv[0] + ": " + kv[1])); });
      if (req.form && req.form.multipart) { lines = lines.concat(formOptions(req.form)); }
      else if (req.form) { req.form.parts.forEach(function (kv) { lines.push("  --data-urlencode " + shellQuote(kv[0] + "=" + kv[1])); }); }
      else if (req.file) { lines.push("  --data-binary " + shellQuote("@" + fileName(req.file))); }
      else if (req.body !== null) { lines.push("  --data-raw " + shellQuote(req.body)); }  // "@x" is not a file
      return curlNotes(req.form) + lines.join(" \\\n");
    }
    if (lang === "python") {
      lines = ["import requests", "", "response = requests.request(", "    " + pyStr(req.method) + ",", "    " + pyStr(req.displayUrl) + ","];
      if (headers.length) {
        lines.push("    headers={");
        headers.forEach(function (kv) { lines.push("        " + pyStr(kv[0]) + ": " + pyStr(kv[1]) + ","); });
        lines.push("    },");
      }
      if (req.form) {  // multipart: every part in files= (data= alone would send it urlencoded)
        lines.push(req.form.multipart ? "    files=[" : "    data=[");
        req.form.parts.forEach(function (kv) {
          var typed = kv[2] ? ", " + pyStr(kv[2]) : "";
          var value = typeof kv[1] !== "string" ? "(" + pyStr(fileName(kv[1])) + ", open(" + pyStr(fileName(kv[1])) + ", \"rb\")" + typed + ")"
            : req.form.multipart ? "(None, " + pyStr(kv[1]) + typed + ")" : pyStr(kv[1]);
          lines.push("        (" + pyStr(kv[0]) + ", " + value + "),");
        });
        lines.push("    ],");
      } else if (req.file) { lines.push("    data=open(" + pyStr(fileName(req.file)) + ", \"rb\"),"); }
      else if (req.body !== null) { lines.push("    data=" + pyStr(req.body) + ","); }
      lines.push(")", "print(response.status_code, response.text)");
      return lines.join("\n");
    }
    if (lang === "javascript") {
      lines = [];
      // A file is read as the static sample does (Node.js 20's fs.openAsBlob).
      function opened(file, type) { return "await openAsBlob(" + JSON.stringify(fileName(file)) + (type ? ", { type: " + JSON.stringify(type) + " }" : "") + ")"; }
      if (req.file || (req.form && req.form.parts.some(function (kv) { return typeof kv[1] !== "string"; }))) {
        lines.push("import { openAsBlob } from \"node:fs\"; // Node.js 20+ (in a browser: an <input type=\"file\">'s File)", "");
      }
      if (req.form) {
        lines.push(req.form.multipart ? "const form = new FormData();" : "const form = new URLSearchParams();");
        req.form.parts.forEach(function (kv) {
          var value = typeof kv[1] !== "string" ? opened(kv[1], kv[1].type ? "" : kv[2]) + ", " + JSON.stringify(fileName(kv[1]))
            : kv[2] && req.form.multipart ? "new Blob([" + JSON.stringify(kv[1]) + "], { type: " + JSON.stringify(kv[2]) + " })"
            : JSON.stringify(kv[1]);
          lines.push("form.append(" + JSON.stringify(kv[0]) + ", " + value + ");");
        });
        lines.push("");
      }
      lines.push("const response = await fetch(" + JSON.stringify(req.displayUrl) + ", {", "  method: " + JSON.stringify(req.method) + ",");
      if (headers.length) {
        lines.push("  headers: {");
        headers.forEach(function (kv) { lines.push("    " + JSON.stringify(kv[0]) + ": " + JSON.stringify(kv[1]) + ","); });
        lines.push("  },");
      }
      if (req.form) { lines.push("  body: form,"); }
      else if (req.file) { lines.push("  body: " + opened(req.file, "") + ","); }
      else if (req.body !== null) { lines.push("  body: " + JSON.stringify(req.body) + ","); }
      lines.push("});", "console.log(response.status, await response.text());");
      return lines.join("\n");
    }
    return null;
  }

  Playground.prototype.setError = function (field, message) {
    if (!field) { return; }
    var ids = [];
    if (field.hintId) { ids.push(field.hintId); }
    if (message) {
      field.error.textContent = "";
      field.error.appendChild(icon("alert", 14));
      field.error.appendChild(h("span", { text: message }));
      field.error.hidden = false;
      field.control.setAttribute("aria-invalid", "true");
      ids.push(field.errId);
    } else {
      field.error.hidden = true;
      field.error.textContent = "";
      field.control.removeAttribute("aria-invalid");
    }
    if (ids.length) { field.control.setAttribute("aria-describedby", ids.join(" ")); }
    else { field.control.removeAttribute("aria-describedby"); }
  };

  /* Validates one field; returns the message (also shown inline) or null. */
  Playground.prototype.validate = function (field) {
    var message = null;
    var raw = field.body ? field.control.value : fieldRaw(field);
    if (field.body) {
      if (!raw.trim()) { message = field.required ? "The request body is required." : null; }
      else if (this.isJsonBody()) {
        var problem = checkJson(raw);
        if (problem) {
          message = "Invalid JSON at line " + problem.line + ", column " + problem.col + ": " + problem.message + ".";
          field.errorPos = problem.pos;
        } else {
          var found = checkBody(JSON.parse(raw), isObj(this.body.schema) ? this.body.schema : {});
          if (found.length) {
            message = found.slice(0, 3).map(function (e) { return (e.path || "The body") + ": " + e.message; }).join(" · ") +
              (found.length > 3 ? " (and " + (found.length - 3) + " more)" : "");
            var last = found[0].path.split(".").pop().replace(/\[\d+\]$/, "");
            var at = last ? raw.indexOf(JSON.stringify(last)) : -1;
            field.errorPos = at >= 0 ? at + 1 : 0;
          }
        }
      }
      this.setError(field, message);
      return message;
    }
    if (field.kind === "file") {
      message = field.required && !(field.control.files && field.control.files.length) ? "Choose a file." : null;
    } else if (field.control.validity && field.control.validity.badInput) {
      message = field.kind === "integer" ? "Must be a whole number." : "Must be a number.";
    } else if (raw.trim() === "" && field.kind !== "string") {
      message = field.required ? "Required." : null;
    } else if (raw === "") {
      message = field.required ? "Required." : null;
    } else if (field.serverVar) {
      message = null;
    } else if (field.kind === "array") {
      var itemSchema = isObj(field.schema.items) ? field.schema.items : {};
      var items = itemValues(field);
      if (!items.length && field.required) { message = "Required."; }
      for (var i = 0; i < items.length && !message; i++) {
        var m = checkScalar(items[i], itemSchema, kindOf(itemSchema));
        if (m) { message = "Item " + (i + 1) + " (" + items[i] + ") " + m.charAt(0).toLowerCase() + m.slice(1); }
      }
    } else if (field.kind === "object") {
      var problem2 = checkJson(raw);
      if (problem2) { message = "Invalid JSON at line " + problem2.line + ", column " + problem2.col + ": " + problem2.message + "."; }
      else if (!isObj(JSON.parse(raw))) { message = "Must be a JSON object, like {\"key\": \"value\"}."; }
    } else if (field.kind === "json") {
      var problem3 = checkJson(raw);
      if (problem3) { message = "Invalid JSON at line " + problem3.line + ", column " + problem3.col + ": " + problem3.message + "."; }
      else if (!Array.isArray(JSON.parse(raw))) { message = "Must be a JSON array, like [{\"key\": \"value\"}]."; }
    } else {
      message = checkScalar(raw, field.schema, field.kind);
    }
    if (!message && field.param && field.param["in"] === "header" && !headerSafe(raw)) {
      message = "Header values can only contain Latin-1 characters, without line breaks.";
    }
    this.setError(field, message);
    return message;
  };

  /* Checks a parsed JSON body against the schema subset docgen sends (render/playground.py
     body_schema); returns [{path, message}] (path like "source.ref" or "tags[2]"). */
  function checkBody(value, schema) {
    var errors = [];
    function typeOf(v) {
      if (v === null) { return "null"; }
      if (Array.isArray(v)) { return "array"; }
      if (typeof v === "number") { return Number.isInteger(v) ? "integer" : "number"; }
      return typeof v;
    }
    function walk(v, sc, path) {
      if (!isObj(sc) || errors.length >= 20) { return; }
      var t = typeOf(v);
      function add(message) { errors.push({ path: path, message: message }); }
      if (v === null) { if (sc.type && !sc.nullable) { add("must not be null"); } return; }
      if (sc.type && sc.type !== t && !(sc.type === "number" && t === "integer")) { add("must be " + (sc.type === "integer" ? "a whole number" : sc.type === "array" ? "an array" : sc.type === "object" ? "an object" : "a " + sc.type)); return; }
      if (Array.isArray(sc["enum"]) && !sc["enum"].some(function (e) { return JSON.stringify(e) === JSON.stringify(v); })) {
        add("must be one of " + sc["enum"].map(function (e) { return JSON.stringify(e); }).join(", ")); return;
      }
      if (t === "string") {
        var n = Array.from(v).length;
        if (isNum(sc.minLength) && n < sc.minLength) { add(sc.minLength === 1 ? "must not be empty" : "must be at least " + sc.minLength + " characters long"); }
        if (isNum(sc.maxLength) && n > sc.maxLength) { add("must be at most " + sc.maxLength + " characters long"); }
        if (typeof sc.pattern === "string") {
          try { if (!new RegExp(sc.pattern, "u").test(v)) { add("must match the pattern " + sc.pattern); } } catch (e) { /* a pattern JavaScript cannot read is not checked */ }
        }
      } else if (t === "integer" || t === "number") {
        var exMin = sc.exclusiveMinimum, exMax = sc.exclusiveMaximum;
        if (isNum(sc.minimum) && (exMin === true ? v <= sc.minimum : v < sc.minimum)) { add("must be " + (exMin === true ? "greater than " : "at least ") + sc.minimum); }
        if (isNum(sc.maximum) && (exMax === true ? v >= sc.maximum : v > sc.maximum)) { add("must be " + (exMax === true ? "less than " : "at most ") + sc.maximum); }
        if (isNum(exMin) && v <= exMin) { add("must be greater than " + exMin); }
        if (isNum(exMax) && v >= exMax) { add("must be less than " + exMax); }
        if (isNum(sc.multipleOf) && sc.multipleOf > 0 && Math.abs(v / sc.multipleOf - Math.round(v / sc.multipleOf)) > 1e-9) { add("must be a multiple of " + sc.multipleOf); }
      } else if (t === "array") {
        if (isNum(sc.minItems) && v.length < sc.minItems) { add("must have at least " + sc.minItems + " item" + (sc.minItems === 1 ? "" : "s")); }
        if (isNum(sc.maxItems) && v.length > sc.maxItems) { add("must have at most " + sc.maxItems + " items"); }
        v.forEach(function (item, i) { walk(item, sc.items, path + "[" + i + "]"); });
      } else if (t === "object") {
        var props = isObj(sc.properties) ? sc.properties : {};
        arr(sc.required).forEach(function (name) {
          if (!has(v, name)) { errors.push({ path: path ? path + "." + name : name, message: "is required" }); }
        });
        Object.keys(v).forEach(function (name) {
          var sub = path ? path + "." + name : name;
          if (has(props, name)) { walk(v[name], props[name], sub); }
          else if (sc.additionalProperties === false) { errors.push({ path: sub, message: "is not a known property" }); }
        });
      }
    }
    walk(value, schema, "");
    return errors;
  }

  function splitList(raw) {
    return raw.split(",").map(function (s) { return s.trim(); }).filter(function (s) { return s !== ""; });
  }

  Playground.prototype.validateAll = function () {
    var self = this;
    var invalid = [];
    this.serverFields.concat(this.fields).forEach(function (f) {
      f.touched = true;
      if (self.validate(f)) { invalid.push(f); }
    });
    if (this.bodyField) {
      this.bodyField.touched = true;
      if (this.validate(this.bodyField)) { invalid.push(this.bodyField); }
    }
    this.authFields.forEach(function (a) {
      var missing = a.required && !a.control.value.trim();
      var bad = a.scheme["in"] !== "query" && a.scheme["in"] !== "cookie" && !headerSafe(a.control.value);
      self.setError(a, missing ? "Required: this endpoint needs credentials." : bad ? "Only Latin-1 characters, without line breaks, can be sent in a header." : null);
      if (missing || bad) { invalid.push(a); }
    });
    return invalid;
  };

  /* -------------------------------------------------------- the request */
  function serialize(field, raw) {
    // Returns {scalar: string} or {list: [..]} or {object: {..}} from the raw input.
    if (field.kind === "array") { return { list: itemValues(field) }; }
    if (field.kind === "object") {
      var obj = {};
      try { obj = JSON.parse(raw); } catch (e) { obj = {}; }
      var flat = {};
      if (isObj(obj)) {
        Object.keys(obj).forEach(function (k) { flat[k] = typeof obj[k] === "string" ? obj[k] : JSON.stringify(obj[k]); });
      }
      return { object: flat, deep: isObj(obj) ? obj : {} };
    }
    if (field.kind === "json") {  // a list of objects: its text, and its items for deepObject
      var list = null;
      try { list = JSON.parse(raw); } catch (e) { list = null; }
      return Array.isArray(list) ? { scalar: raw, deep: list } : { scalar: raw };
    }
    return { scalar: field.kind === "integer" || field.kind === "number" ? raw.trim() : raw };
  }

  /* allowReserved (RFC 6570 reserved expansion): RFC 3986's reserved characters and
     percent-encoded triples pass unchanged; "#", "[" and "]", which a query cannot hold, are
     still encoded (OpenAPI 3.1.1). */
  function encodeReserved(value) {
    return value.split(/(%[0-9A-Fa-f]{2})/).map(function (part, i) {
      if (i % 2) { return part; }
      return encodeURIComponent(part).replace(/%(2[146-9ABCF]|3[ABDF]|40)/gi, function (m) { return decodeURIComponent(m); });
    }).join("");
  }
  /* A query parameter (or a urlencoded field with an Encoding Object) as [name, value, items]
     by OpenAPI's style table: form (exploded or not), spaceDelimited, pipeDelimited,
     deepObject; ``items``: the values a form-style list joins with unencoded commas (a comma
     inside an item is encoded), else false. */
  function queryPairs(name, v, style, explode) {
    var delimiter = style === "spaceDelimited" ? " " : style === "pipeDelimited" ? "|" : null;
    if (style === "deepObject" && (v.list || v.deep !== undefined)) {
      return deepPairs(name, v.list || v.deep).map(function (kv) { return [kv[0], kv[1], false]; });
    }
    if (v.list) {
      if (delimiter) { return [[name, v.list.join(delimiter), false]]; }
      if (explode) { return v.list.map(function (item) { return [name, item, false]; }); }
      return [[name, v.list.join(","), v.list]];
    }
    if (v.object) {
      if (style === "deepObject") { return pairsOf(v.object).map(function (kv) { return [name + "[" + kv[0] + "]", kv[1], false]; }); }
      if (delimiter) { return [[name, flatPairs(v.object, delimiter, delimiter), false]]; }
      if (explode) { return pairsOf(v.object).map(function (kv) { return [kv[0], kv[1], false]; }); }
      return [[name, flatPairs(v.object, ",", ","), [].concat.apply([], pairsOf(v.object))]];
    }
    return [[name, v.scalar, false]];
  }
  /* deepObject at every depth (render/paramstyle.py deep_pairs): name[key], name[0], nested.
     Bounded as there (each item repeats its whole name): past 1,000 items or 200,000 characters
     the rest is left out, and members 16 levels down are sent as JSON text. */
  function deepPairs(name, value) {
    var pairs = [], size = 0;
    (function walk(prefix, item, level) {
      if (pairs.length >= 1000 || size + prefix.length > 200000) { return; }
      if ((Array.isArray(item) || isObj(item)) && level < 16) {
        Object.keys(item).forEach(function (k) { walk(prefix + "[" + k + "]", item[k], level + 1); });
        return;
      }
      var text = item === null ? "null" : (typeof item === "object" ? JSON.stringify(item) : display(item));
      size += prefix.length + text.length;
      pairs.push([prefix, text]);
    })(name, value, 0);
    return pairs;
  }
  function pairsOf(obj) { return Object.keys(obj).map(function (k) { return [k, obj[k]]; }); }
  function flatPairs(obj, inner, outer) {
    return pairsOf(obj).map(function (kv) { return kv[0] + inner + kv[1]; }).join(outer);
  }

  /* Builds the request from the form values as they are: send() validates first, the URL
     preview and Copy as curl show exactly what was typed. Returns {error} for a bad server URL. */
  /* The request the form describes; ``show``: secrets masked (for the page's code samples). */
  /* The server's URL with its variables as typed: {url} or {error}. */
  Playground.prototype.serverBase = function () {
    var server = this.servers[this.serverIndex || 0];
    var vars = {};
    (this.serverFields || []).forEach(function (f) { vars[f.name] = f.control.value; });
    var base = server ? str(server.url) : "/";
    base = base.replace(/\{([^{}]+)\}/g, function (m, name) { return has(vars, name) ? vars[name] : m; });
    if (!/^[a-z][a-z0-9+.-]*:/i.test(base)) {
      // A relative server URL (a spec file of the docs folder) is read against the site's root,
      // not against this page's address ("v1" is <site>/v1 on every page).
      try { base = new URL(base || "/", new URL(this.site.base || "./", doc.baseURI)).href; } catch (e) { return { error: "The server URL is not valid." }; }
    }
    if (!/^https?:\/\//i.test(base)) { return { error: "The server URL must start with http:// or https://." }; }
    return { url: base.replace(/\/+$/, "") };
  };

  Playground.prototype.buildRequest = function (show) {
    function secret(v) { return show && !/^<.*>$/.test(v) ? new Array(Math.min(Math.max(String(v).length, 4), 12) + 1).join("•") : v; }
    var served = this.serverBase();
    if (served.error) { return { error: served.error }; }
    var base = served.url;

    var pathValues = {};
    var query = [];
    var headers = [];
    var cookies = [];
    var masked = {};
    function setHeader(name, value) {
      for (var i = 0; i < headers.length; i++) {
        if (headers[i][0].toLowerCase() === name.toLowerCase()) { headers.splice(i, 1); i -= 1; }
      }
      headers.push([name, value]);
    }
    var parts = [];  // a form body's [name, text or File, part Content-Type], in the form's order
    var upload = null;  // a body that is a file
    var multipart = /^multipart\//i.test(this.mediaType());
    this.fields.forEach(function (f) {
      var p = f.param;
      var raw = fieldRaw(f);
      if (p["in"] === "binary") { upload = (f.control.files || [])[0] || null; return; }
      if (p["in"] === "body") {
        // The field's Encoding Object: a part's Content-Type, or how a urlencoded value is written.
        var coding = isObj(p.encoding) ? p.encoding : {};
        var partType = typeof coding.contentType === "string" ? coding.contentType.split(",")[0].trim() : "";
        if (/\*/.test(partType)) { partType = ""; }
        if (f.kind === "file") {
          Array.prototype.forEach.call(f.control.files || [], function (file) { parts.push([p.name, file, partType]); });
        } else if (raw !== "" && (f.kind === "string" || raw.trim() !== "")) {
          var given = serialize(f, raw);
          var styled = multipart ? false : typeof coding.style === "string" || typeof coding.explode === "boolean";
          if (styled) {
            var codingStyle = str(coding.style) || "form";
            var codingExplode = typeof coding.explode === "boolean" ? coding.explode : codingStyle === "form";
            queryPairs(p.name, given, codingStyle, codingExplode).forEach(function (kv) { parts.push([kv[0], kv[1], ""]); });
          } else if (given.list) { given.list.forEach(function (item) { parts.push([p.name, item, partType]); }); }
          else if (given.object || f.kind === "json") {  // an object: its JSON, said so in a multipart part
            parts.push([p.name, raw.trim(), partType || "application/json"]);
          } else { parts.push([p.name, given.scalar, partType]); }
        }
        return;
      }
      var empty = raw === "" || (f.kind !== "string" && raw.trim() === "");
      if (empty) {
        // allowEmptyValue: the reader asked for "name=" (the parameter present, with no value).
        if (p["in"] === "query" && f.sendEmpty && f.sendEmpty.checked) { query.push([p.name, "", false, p.allowReserved === true]); }
        return;
      }
      // A parameter described by ``content`` (a JSON filter...) is its serialized text as one value.
      var v = typeof p.content === "string" ? { scalar: f.kind === "string" ? raw : raw.trim() } : serialize(f, raw);
      var style = str(p.style);
      var explode = typeof p.explode === "boolean" ? p.explode : (style === "" || style === "form" || style === "deepObject") && p["in"] !== "path" && p["in"] !== "header";
      var reserved = p.allowReserved === true;
      if (p["in"] === "path") {
        // OpenAPI's style table (RFC 6570): label and matrix, exploded or not.
        var enc = encodeURIComponent;
        var text;
        var named = style === "matrix" && explode;  // ;name=a;name=b and ;R=1;G=2
        var sep = named ? ";" : style === "label" && explode ? "." : ",";
        if (v.list) { text = v.list.map(function (item) { return named ? enc(p.name) + "=" + enc(item) : enc(item); }).join(sep); }
        else if (v.object) { text = pairsOf(v.object).map(function (kv) { return enc(kv[0]) + (explode ? "=" : ",") + enc(kv[1]); }).join(sep); }
        else { text = enc(v.scalar); }
        if (style === "label") { text = "." + text; }
        if (style === "matrix") { text = ";" + (named && (v.list || v.object) ? text : enc(p.name) + "=" + text); }
        pathValues[p.name] = text;
      } else if (p["in"] === "query") {
        queryPairs(p.name, v, style, explode).forEach(function (kv) { query.push([kv[0], kv[1], kv[2], reserved]); });
      } else if (p["in"] === "header") {
        setHeader(p.name, v.list ? v.list.join(",") : v.object ? flatPairs(v.object, explode ? "=" : ",", ",") : v.scalar);
      } else if (p["in"] === "cookie") {
        cookies.push([p.name, v.list ? v.list.join(",") : v.object ? flatPairs(v.object, ",", ",") : v.scalar]);
      }
    });

    var alt = this.security[this.authIndex || 0] || [];
    var byScheme = {};
    this.authFields.forEach(function (a) {
      var k = str(a.scheme.key);
      byScheme[k] = byScheme[k] || {};
      byScheme[k][a.part] = a.control.value;
    });
    alt.forEach(function (scheme) {
      var vals = byScheme[str(scheme.key)];
      if (!vals) { return; }
      var kind = str(scheme.kind);
      var headerName = str(scheme.name) || "Authorization";
      if (show) { vals = { username: vals.username || "<username>", password: vals.password || "<password>", token: vals.token || (kind === "apiKey" ? "<api-key>" : "<token>") }; }
      if (kind === "basic") {
        if (!vals.username && !vals.password) { return; }
        setHeader(headerName, "Basic " + (show ? secret("basic-credentials") : base64Utf8((vals.username || "") + ":" + (vals.password || ""))));
      } else if (kind === "bearer" || kind === "oauth2" || kind === "openIdConnect") {
        if (!vals.token) { return; }
        setHeader(kind === "bearer" ? headerName : "Authorization", "Bearer " + secret(vals.token));
      } else if (vals.token) {
        if (scheme["in"] === "query") { query.push([str(scheme.name), vals.token]); masked[str(scheme.name)] = true; }
        else if (scheme["in"] === "cookie") { cookies.push([str(scheme.name), secret(vals.token)]); }
        else { setHeader(str(scheme.name), secret(vals.token)); }
      }
    });

    var body = null;
    var form = null;
    if (this.bodyField && this.bodyField.control.value.trim() !== "") {
      body = this.bodyField.control.value;
      setHeader("Content-Type", this.mediaType());
    } else if (upload) {
      setHeader("Content-Type", this.mediaType().indexOf("*") === -1 ? this.mediaType() : upload.type || "application/octet-stream");
    } else if (parts.length) {
      form = { multipart: multipart, parts: parts };
      if (!form.multipart) {  // urlencoded: the text is the body; multipart's is made when sent
        body = new URLSearchParams(parts.map(function (kv) { return [kv[0], kv[1]]; })).toString();
        setHeader("Content-Type", this.mediaType());
      }
    }

    var path = this.path.replace(/\{([^{}]+)\}/g, function (m, name) { return has(pathValues, name) ? pathValues[name] : m; });
    function qs(maskSecrets) {
      if (!query.length) { return ""; }
      return "?" + query.map(function (kv) {
        var value = maskSecrets && masked[kv[0]] ? "•••" : kv[1];
        var escape = kv[3] ? encodeReserved : encodeURIComponent;
        var encoded = kv[2] && !(maskSecrets && masked[kv[0]]) ? kv[2].map(escape).join(",") : escape(value);
        return encodeURIComponent(kv[0]) + "=" + encoded;
      }).join("&");
    }
    var url = base + path + qs(false);
    return { method: this.method, url: url, displayUrl: base + path + qs(true), headers: headers, cookies: cookies, body: body, form: form, file: upload };
  };

  function base64Utf8(s) {
    var bytes = new TextEncoder().encode(s);
    var bin = "";
    for (var i = 0; i < bytes.length; i++) { bin += String.fromCharCode(bytes[i]); }
    return window.btoa(bin);
  }

  Playground.prototype.curl = function () {
    var req = this.buildRequest();
    if (req.error) { return null; }
    var lines = ["curl -X " + req.method + globoff(req.url) + " " + shellQuote(req.url)];
    req.headers.forEach(function (kv) { lines.push("  -H " + shellQuote(kv[0] + ": " + kv[1])); });
    if (req.cookies.length) {
      lines.push("  -b " + shellQuote(req.cookies.map(function (kv) { return kv[0] + "=" + kv[1]; }).join("; ")));
    }
    if (req.form && req.form.multipart) { lines = lines.concat(formOptions(req.form)); }
    else if (req.file) { lines.push("  --data-binary " + shellQuote("@" + fileName(req.file))); }
    else if (req.body !== null) { lines.push("  --data-raw " + shellQuote(req.body)); }
    return curlNotes(req.form) + lines.join(" \\\n");
  };

  /* curl's options for a multipart form: a file as --form name=@file (the reader's own file,
     by name), a text value with --form-string (--form would read "@x" as a file, and cut
     "a; b" or "x;type=..." short). curl ends a part's name at its first "=" and reads the
     rest as the part ("a=@/etc/passwd;x" sends that file): such a part is left out, said by
     curlNotes; of a type only type/subtype is written (curl reads ";headers=@file" after it). */
  /* curl reads {a,b} and [1-9] in a URL as lists of URLs: a server "https://api.x{,.evil.example}"
     would send the reader's key to both hosts. */
  function globoff(url) { return /[{}\[\]]/.test(url) ? " --globoff" : ""; }
  function curlNamed(kv) { return kv[0].indexOf("=") < 0; }
  function curlNotes(form) {
    if (!form || !form.multipart) { return ""; }
    return form.parts.filter(function (kv) { return !curlNamed(kv); }).map(function (kv) {
      return "# not sent: curl cannot name a form part " + JSON.stringify(kv[0]) + " (a name with '=')\n";
    }).filter(function (note, i, all) { return all.indexOf(note) === i; }).join("");
  }
  function formOptions(form) {
    return form.parts.filter(curlNamed).map(function (kv) {
      var typed = kv[2] ? ";type=" + kv[2].split(";")[0].trim() : "";
      if (typeof kv[1] !== "string") { return "  --form " + shellQuote(kv[0] + "=@" + fileName(kv[1]) + (kv[1].type ? "" : typed)); }
      // A part with its own Content-Type needs --form, which reads a file from a value that
      // starts with @ or <, a nested form from one starting with (, and splits at ";": such
      // a value goes in double quotes (\ and " escaped).
      if (kv[2]) {
        var text = /^[@<"(]|;/.test(kv[1]) ? "\"" + kv[1].replace(/\\/g, "\\\\").replace(/"/g, "\\\"") + "\"" : kv[1];
        return "  --form " + shellQuote(kv[0] + "=" + text + typed);
      }
      return "  --form-string " + shellQuote(kv[0] + "=" + kv[1]);
    });
  }
  function fileName(file) { return str(file && file.name) || "example-file"; }
  /* A multipart body written here rather than by FormData, which cannot give a text part its
     own Content-Type: an object part says application/json (OpenAPI's default, which servers
     such as Spring's @RequestPart require) and an Encoding Object's contentType is kept.
     Names are escaped as browsers do (" CR LF as %22 %0D %0A). */
  function partName(s) { return String(s).replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A"); }
  function multipartBlob(form) {
    var random = new Uint8Array(12);
    window.crypto.getRandomValues(random);
    var boundary = "----docgen" + Array.prototype.map.call(random, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    var chunks = [];
    form.parts.forEach(function (kv) {
      var head = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + partName(kv[0]) + "\"";
      if (typeof kv[1] !== "string") {
        head += "; filename=\"" + partName(fileName(kv[1])) + "\"\r\nContent-Type: " + (kv[1].type || kv[2] || "application/octet-stream");
      } else if (kv[2]) {
        head += "\r\nContent-Type: " + kv[2];
      }
      chunks.push(head + "\r\n\r\n", kv[1], "\r\n");
    });
    chunks.push("--" + boundary + "--\r\n");
    return { type: "multipart/form-data; boundary=" + boundary, blob: new Blob(chunks) };
  }
  /* A multipart body as bytes with its Content-Type. */
  function multipartBody(form) {
    var made = multipartBlob(form);
    return made.blob.arrayBuffer().then(function (buffer) { return { type: made.type, bytes: new Uint8Array(buffer) }; });
  }
  function base64Bytes(bytes) {
    var bin = "";
    for (var i = 0; i < bytes.length; i += 32768) { bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 32768)); }
    return window.btoa(bin);
  }

  Playground.prototype.copyCurl = function () {
    var self = this;
    var text = this.curl();
    if (!text) { this.formStatus.textContent = "Fix the server URL first."; return; }
    copyText(text).then(function (ok) {
      var label = $(".pg-curl-label", self.curlButton);
      self.curlButton.classList.add("copied");
      label.textContent = ok === false ? "Copy failed" : "Copied";
      self.announce(ok === false ? "Could not copy" : "curl command copied to the clipboard");
      window.clearTimeout(self.curlTimer);
      self.curlTimer = window.setTimeout(function () {
        self.curlButton.classList.remove("copied");
        label.textContent = "Copy as curl";
      }, 1600);
    });
  };

  Playground.prototype.announce = function (message) {
    var live = this.live;
    live.textContent = "";
    window.setTimeout(function () { live.textContent = message; }, 30);
  };

  /* ---------------------------------------------------------------- send */
  Playground.prototype.send = function () {
    var self = this;
    if (this.controller) { return; }
    this.revokeBlobs();
    clear(this.response);
    this.response.hidden = true;
    var invalid = this.validateAll();
    if (invalid.length) {
      this.formStatus.textContent = invalid.length === 1 ? "Fix the highlighted field before sending." : "Fix the " + invalid.length + " highlighted fields before sending.";
      this.formStatus.classList.add("is-error");
      var first = invalid[0];
      first.control.focus();
      if (first.body && typeof first.errorPos === "number" && first.control.setSelectionRange) {
        first.control.setSelectionRange(first.errorPos, Math.min(first.errorPos + 1, first.control.value.length));
      }
      return;
    }
    var req = this.buildRequest();
    if (req.error) {
      this.formStatus.textContent = req.error;
      this.formStatus.classList.add("is-error");
      return;
    }
    this.formStatus.textContent = "";
    this.formStatus.classList.remove("is-error");
    this.setBusy(true);
    var controller = new AbortController();
    this.controller = controller;
    var started = performance.now();
    // An API on this very site (a relative server URL) is called directly: no CORS is needed,
    // and the docs proxy forwards only to the specs' absolute servers.
    var proxy = this.data.proxy !== false && !sameOrigin(req.url);
    var promise = proxy ? this.sendProxy(req, controller) : this.sendDirect(req, controller);
    promise.then(function (result) {
      result.measuredMs = Math.round(performance.now() - started);
      self.showResult(result, req, proxy);
    }, function (err) {
      self.showResult({ kind: "failure", source: "internal", title: "The request could not be sent",
        message: String(err && err.message || err) }, req, proxy);
    }).then(function () {
      self.controller = null;
      self.setBusy(false);
    });
  };

  Playground.prototype.setBusy = function (busy) {
    var hadFocus = doc.activeElement;
    this.sendButton.disabled = busy;
    this.sendButton.classList.toggle("is-busy", busy);
    this.sendButton.setAttribute("aria-busy", busy ? "true" : "false");
    $(".pg-send-label", this.sendButton).textContent = busy ? "Sending…" : "Send";
    this.cancelButton.hidden = !busy;
    this.panel.classList.toggle("is-busy", busy);
    if (busy && hadFocus === this.sendButton) { this.cancelButton.focus(); }
    if (!busy && hadFocus === this.cancelButton) { this.sendButton.focus(); }
    if (busy) { this.announce("Sending the request…"); }
  };

  function sameOrigin(url) {
    try { return new URL(url).origin === window.location.origin; } catch (e) { return false; }
  }
  function headerObject(pairs) {
    var out = {};
    pairs.forEach(function (kv) { out[kv[0]] = kv[1]; });
    return out;
  }

  Playground.prototype.sendProxy = function (req, controller) {
    var self = this;
    // Files travel in the envelope as base64, read whole into the page first: past this size
    // (far over the proxy's default 5 MiB limit) the tab could run out of memory doing so.
    var files = req.file ? [req.file] : req.form ? req.form.parts.map(function (kv) { return kv[1]; }).filter(function (v) { return typeof v !== "string"; }) : [];
    var total = files.reduce(function (sum, file) { return sum + (file.size || 0); }, 0);
    if (total > MAX_PROXY_FILES) {
      return Promise.resolve({ kind: "failure", source: "proxy", title: "Request not sent",
        message: "The files chosen (" + formatSize(total) + ") are too large to send through the docs proxy: use Copy as curl." });
    }
    if (req.file) {
      return req.file.arrayBuffer().then(function (buffer) {
        return self.sendEnvelope(req, { method: req.method, url: req.url, headers: headerObject(req.headers),
          cookies: headerObject(req.cookies), body: base64Bytes(new Uint8Array(buffer)), bodyEncoding: "base64" }, controller);
      });
    }
    if (req.form && req.form.multipart) {
      return multipartBody(req.form).then(function (made) {
        var headers = req.headers.concat([["Content-Type", made.type]]);
        return self.sendEnvelope(req, { method: req.method, url: req.url, headers: headerObject(headers),
          cookies: headerObject(req.cookies), body: base64Bytes(made.bytes), bodyEncoding: "base64" }, controller);
      });
    }
    return this.sendEnvelope(req, { method: req.method, url: req.url, headers: headerObject(req.headers),
      cookies: headerObject(req.cookies), body: req.body, bodyEncoding: "utf-8" }, controller);
  };

  Playground.prototype.sendEnvelope = function (req, envelope, controller) {
    var unavailable = { kind: "failure", source: "unavailable", title: "Request not sent",
      message: ["The request proxy is not available here: preview with ", h("code", { text: "docgen serve" }),
        ", or set ", h("code", { text: "api.playground.proxy" }), " to ", h("code", { text: "false" }), "."] };
    return fetch(str(this.data.proxyUrl) || this.site.base + "_docgen/api/request", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(envelope),
      credentials: "same-origin", cache: "no-store", signal: controller.signal
    }).then(function (resp) {
      var type = (resp.headers.get("content-type") || "").toLowerCase();
      if (resp.status === 404 || resp.status === 405 || type.indexOf("json") === -1) {
        return unavailable;
      }
      return resp.text().then(function (text) {
        var data = null;
        try { data = JSON.parse(text); } catch (e) { data = null; }
        if (!isObj(data)) { return unavailable; }
        if (resp.status !== 200 || typeof data.error === "string") {
          return { kind: "failure", source: "proxy", status: resp.status, title: "Docs proxy error " + resp.status,
            message: typeof data.error === "string" ? data.error : "The docs proxy answered HTTP " + resp.status + "." };
        }
        if (typeof data.status !== "number") { return unavailable; }
        var bytes;
        if (data.bodyEncoding === "base64") {
          try { bytes = decodeBase64(str(data.body)); } catch (e) { bytes = new Uint8Array(0); }
        } else {
          bytes = new TextEncoder().encode(str(data.body));
        }
        var headers = [];
        if (isObj(data.headers)) {
          Object.keys(data.headers).forEach(function (k) { headers.push([k.toLowerCase(), display(data.headers[k])]); });
        }
        return { kind: "response", status: data.status, statusText: str(data.statusText), headers: headers,
          bytes: bytes, elapsedMs: isNum(data.elapsedMs) ? Math.round(data.elapsedMs) : null, url: str(data.url) };
      });
    }, function (err) {
      if (err && err.name === "AbortError") { return { kind: "failure", source: "cancelled", title: "Cancelled", message: "Request cancelled." }; }
      var m = unavailable;
      m.message = ["Could not reach the documentation site's request proxy. "].concat(m.message);
      return m;
    });
  };

  /* The reader's cookies go only where the operator let the config send them: the spec's
     fixed server origins (data.credentials, written by docgen with --allow-credentials). */
  Playground.prototype.credentialsFor = function (url) {
    var origin = "";
    try { origin = new URL(url).origin; } catch (e) { return "omit"; }
    var granted = arr(this.data.credentials).some(function (o) {
      try { return typeof o === "string" && new URL(o).origin === origin; } catch (e) { return false; }
    });
    return granted && this.data.proxy === false ? "include" : "omit";
  };

  Playground.prototype.sendDirect = function (req, controller) {
    var started = performance.now();
    var credentials = this.credentialsFor(req.url);
    /* With the reader's cookies, a redirect is not followed: the cookies would go to wherever
       the granted origin points (the origin is checked on the first URL only). */
    var init = { method: req.method, headers: headerObject(req.headers), credentials: credentials,
      cache: "no-store", redirect: credentials === "include" ? "manual" : "follow", signal: controller.signal };
    if (req.method !== "GET" && req.method !== "HEAD") {
      if (req.form && req.form.multipart) {
        var made = multipartBlob(req.form);
        init.body = made.blob;
        init.headers["Content-Type"] = made.type;
      }
      else if (req.file) { init.body = req.file; }
      else if (req.body !== null) { init.body = req.body; }
    }
    var pageOrigin = window.location.origin;
    return fetch(req.url, init).then(function (resp) {
      if (resp.type === "opaqueredirect") {
        return { kind: "failure", source: "redirect", title: "The API answered with a redirect",
          message: ["Requests that carry your cookies do not follow redirects, so that the cookies go only to the API's own origin. Send the request to the URL the API redirects to."] };
      }
      return resp.arrayBuffer().then(function (buf) {
        var headers = [];
        resp.headers.forEach(function (value, name) { headers.push([name.toLowerCase(), value]); });
        headers.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; });
        return { kind: "response", status: resp.status, statusText: resp.statusText, headers: headers,
          bytes: new Uint8Array(buf), elapsedMs: Math.round(performance.now() - started), url: resp.url, direct: true };
      });
    }, function (err) {
      if (err && err.name === "AbortError") { return { kind: "failure", source: "cancelled", title: "Cancelled", message: "Request cancelled." }; }
      var mixed = window.location.protocol === "https:" && /^http:/i.test(req.url);
      return { kind: "failure", source: "cors", title: "The browser blocked the request or could not reach the API",
        message: mixed
          ? ["This page is served over https and the API URL is http: browsers block such mixed-content requests. Use an https server URL."]
          : ["The request was sent straight from your browser to the API. Either the API is unreachable, or it does not allow calls from this page: the API must answer with CORS headers (", h("code", { text: "Access-Control-Allow-Origin: " + pageOrigin }),
            ", and for custom headers such as Authorization a successful preflight ", h("code", { text: "OPTIONS" }),
            " with ", h("code", { text: "Access-Control-Allow-Headers" }), "). The browser console shows the exact reason."] };
    });
  };

  function decodeBase64(s) {
    var bin = window.atob(s.replace(/\s+/g, ""));
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { out[i] = bin.charCodeAt(i); }
    return out;
  }

  /* ------------------------------------------------------------ response */
  Playground.prototype.revokeBlobs = function () {
    this.blobUrls.forEach(function (u) { try { URL.revokeObjectURL(u); } catch (e) { /* already gone */ } });
    this.blobUrls = [];
  };
  Playground.prototype.blobUrl = function (bytes, type) {
    var url = URL.createObjectURL(new Blob([bytes], { type: type }));
    this.blobUrls.push(url);
    return url;
  };

  Playground.prototype.showResult = function (result, req, proxy) {
    var box = this.response;
    this.revokeBlobs();
    clear(box);
    box.hidden = false;
    var titleId = box.getAttribute("aria-labelledby");
    if (result.kind === "failure") {
      box.setAttribute("data-state", result.source === "cancelled" ? "cancelled" : "error");
      var heading = h("h3", { "class": "pg-response-title", id: titleId, text: "Response" });
      var note = h("div", { "class": "pg-message pg-message-" + (result.source === "cancelled" ? "muted" : result.source === "proxy" ? "proxy" : "error"),
        "data-pg-message": "", "data-source": result.source }, []);
      if (result.source !== "cancelled") {
        note.appendChild(h("p", { "class": "pg-message-title" }, [icon("alert", 16), h("span", { text: result.title })]));
      }
      var body = h("p", { "class": "pg-message-text" }, [].concat(result.message));
      note.appendChild(body);
      if (result.source === "proxy") {
        note.setAttribute("data-status", String(result.status));
        note.appendChild(h("p", { "class": "pg-message-foot", text: "This answer comes from the documentation site's request proxy, not from the API." }));
      }
      box.appendChild(h("div", { "class": "pg-response-head" }, [heading]));
      box.appendChild(note);
      this.announce(result.source === "cancelled" ? "Request cancelled." : result.title);
      return;
    }

    box.setAttribute("data-state", "ok");
    var status = result.status;
    var cls = status >= 100 && status < 600 ? Math.floor(status / 100) + "xx" : "other";
    var text = result.statusText || STATUS_TEXT[status] || "";
    var time = result.elapsedMs !== null && result.elapsedMs !== undefined ? result.elapsedMs : result.measuredMs;
    var contentType = "";
    result.headers.forEach(function (kv) { if (kv[0] === "content-type") { contentType = kv[1]; } });
    var statusEl = h("span", { "class": "pg-status pg-status-" + cls, "data-pg-status": String(status), "data-status-class": cls }, [
      h("span", { "class": "pg-status-label" }, [h("span", { "class": "pg-status-code", text: String(status) }),
        text ? " " : null, text ? h("span", { "class": "pg-status-text", text: text }) : null])
    ]);
    var metrics = h("span", { "class": "pg-metrics" }, [
      h("span", { "data-pg-time": String(time), title: proxy ? "Time measured by the docs proxy" : "Time measured in the browser", text: time + " ms" }),
      h("span", { "data-pg-size": String(result.bytes.length), text: formatSize(result.bytes.length) })
    ]);
    box.appendChild(h("div", { "class": "pg-response-head" }, [
      h("h3", { "class": "pg-response-title", id: titleId, text: "Response" }), statusEl, metrics,
      h("span", { "class": "pg-via", text: proxy ? "via docs proxy" : "direct" })
    ]));

    var rows = result.headers.map(function (kv) {
      return h("tr", { "data-header": kv[0] }, [h("th", { scope: "row", text: kv[0] }), h("td", { text: kv[1] })]);
    });
    var table = h("table", { "class": "pg-headers-table" }, [h("tbody", null, rows)]);
    var headersBox = h("details", { "class": "pg-headers", "data-pg-headers": "" }, [
      h("summary", null, [h("span", { text: "Headers" }), h("span", { "class": "pg-count", text: String(rows.length) })]),
      rows.length ? table : h("p", { "class": "pg-muted", text: "No headers." }),
      result.direct ? h("p", { "class": "pg-note", text: "Only the headers the API exposes to this page (Access-Control-Expose-Headers) are visible here." }) : null
    ]);
    box.appendChild(headersBox);
    box.appendChild(this.renderBody(result.bytes, contentType));
    this.announce("Response " + status + (text ? " " + text : "") + " in " + time + " ms");
  };

  var SAFE_IMAGE = /^image\/(png|jpe?g|pjpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|apng)$/;
  function essence(contentType) { return contentType.split(";")[0].trim().toLowerCase(); }
  function charsetOf(contentType) {
    var m = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
    return m ? m[1] : "utf-8";
  }
  /* NUL and other C0 controls (except tab, line feeds, form feed) mark a binary body. */
  function hasControlChars(text) {
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      if (c < 9 || (c > 13 && c < 32)) { return true; }
    }
    return false;
  }
  function isTextual(type) {
    return /^text\//.test(type) || /[/+](json|xml)$/.test(type) || /javascript|ecmascript|x-www-form-urlencoded|yaml|csv|graphql|x-ndjson/.test(type);
  }

  Playground.prototype.renderBody = function (bytes, contentType) {
    var type = essence(contentType);
    var wrap = h("div", { "class": "pg-response-body", "data-pg-response-body": "", "data-content-type": type });
    if (!bytes.length) {
      wrap.appendChild(h("p", { "class": "pg-muted pg-empty", text: "Empty body." }));
      return wrap;
    }
    var blobType = /^[a-z]+\/[a-z0-9.+-]+$/.test(type) ? type : "application/octet-stream";
    if (/^image\//.test(type)) {
      // SVG may carry script: never give it a same-origin blob: URL a reader could open as a page.
      var src = SAFE_IMAGE.test(type) ? this.blobUrl(bytes, blobType) : "data:image/svg+xml;base64," + base64Bytes(bytes);
      if (!SAFE_IMAGE.test(type) && type !== "image/svg+xml") { src = this.blobUrl(bytes, "application/octet-stream"); }
      wrap.appendChild(h("div", { "class": "pg-media pg-media-image" }, [
        h("img", { src: src, alt: "Image returned by the API (" + type + ", " + formatSize(bytes.length) + ")", "data-pg-media": "image" })
      ]));
      wrap.appendChild(this.downloadLink(bytes, type));
      return wrap;
    }
    if (/^audio\//.test(type) || /^video\//.test(type)) {
      var kind = type.slice(0, 5) === "audio" ? "audio" : "video";
      var media = h(kind, { controls: true, preload: "metadata", src: this.blobUrl(bytes, blobType), "data-pg-media": kind });
      media.appendChild(doc.createTextNode("This browser cannot play " + type + "."));
      wrap.appendChild(h("div", { "class": "pg-media pg-media-" + kind }, [media]));
      wrap.appendChild(this.downloadLink(bytes, type));
      return wrap;
    }
    var textBody = null;
    if (isTextual(type) || !type) {
      try { textBody = new TextDecoder(charsetOf(contentType)).decode(bytes); } catch (e) { textBody = new TextDecoder("utf-8").decode(bytes); }
    } else {
      try { textBody = new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (e) { textBody = null; }
      if (textBody !== null && hasControlChars(textBody.slice(0, 4096))) { textBody = null; }
    }
    if (textBody === null) {
      wrap.appendChild(h("p", { "class": "pg-muted", "data-pg-binary": "" }, ["Binary content (" + (type || "unknown type") + ", " + formatSize(bytes.length) + ")."]));
      wrap.appendChild(this.downloadLink(bytes, type));
      return wrap;
    }
    var pretty = textBody;
    var json = false;
    if (/[/+]json$/.test(type) || (!type && /^\s*[{[]/.test(textBody))) {
      try { pretty = JSON.stringify(JSON.parse(textBody), null, 2); json = true; } catch (e) { pretty = textBody; }
    }
    var truncated = pretty.length > DISPLAY_LIMIT;
    var shown = truncated ? pretty.slice(0, DISPLAY_LIMIT) : pretty;
    var code = h("code", { "data-pg-response-text": "" });
    if (json) { highlightJson(code, shown); } else { code.textContent = shown; }
    var copy = h("button", { type: "button", "class": "copy-button pg-copy-body", "aria-label": "Copy the response body", title: "Copy the response body", "data-pg-copy-response": "" },
      [icon("copy", 14), icon("check", 14), h("span", { "class": "copy-button-text", text: "Copy" })]);
    copy.addEventListener("click", function () {
      copyText(pretty).then(function () {
        copy.classList.add("copied");
        $(".copy-button-text", copy).textContent = "Copied";
        window.setTimeout(function () { copy.classList.remove("copied"); $(".copy-button-text", copy).textContent = "Copy"; }, 1600);
      });
    });
    wrap.appendChild(h("div", { "class": "pg-code-wrap" }, [h("pre", { "class": "highlight pg-code", tabindex: "0", "aria-label": "Response body" }, [code]), copy]));
    if (truncated) {
      wrap.appendChild(h("p", { "class": "pg-note pg-truncated", "data-pg-truncated": "" }, [
        "Showing the first " + formatSize(DISPLAY_LIMIT) + " of " + formatSize(bytes.length) + ". ",
        this.downloadLink(bytes, type, "Download the whole body")
      ]));
    }
    return wrap;
  };

  function base64Bytes(bytes) {
    var bin = "";
    for (var i = 0; i < bytes.length; i += 0x8000) {
      bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return window.btoa(bin);
  }

  var EXT = { "application/json": "json", "text/plain": "txt", "text/html": "html", "text/csv": "csv",
    "application/xml": "xml", "text/xml": "xml", "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif",
    "image/webp": "webp", "image/svg+xml": "svg", "audio/mpeg": "mp3", "audio/wav": "wav", "audio/ogg": "ogg",
    "video/mp4": "mp4", "video/webm": "webm", "application/pdf": "pdf", "application/zip": "zip" };
  Playground.prototype.downloadLink = function (bytes, type, label) {
    // Always application/octet-stream: a download, never a page of this origin.
    var href = this.blobUrl(bytes, "application/octet-stream");
    return h("a", { "class": "pg-download", href: href, download: "response." + (EXT[type] || "bin"), "data-pg-download": "" },
      [icon("download", 14), h("span", { text: label || "Download" })]);
  };

  /* Colours pretty-printed JSON with the theme's Pygments classes; text nodes only. */
  function highlightJson(code, text) {
    var re = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|\b(true|false|null)\b|([{}[\],:])/g;
    var last = 0;
    var m;
    var frag = doc.createDocumentFragment();
    while ((m = re.exec(text)) !== null) {
      if (m.index > last) { frag.appendChild(doc.createTextNode(text.slice(last, m.index))); }
      var cls = m[1] ? (m[2] ? "nt" : "s2") : m[3] ? "mi" : m[4] ? "kc" : "p";
      frag.appendChild(h("span", { "class": cls, text: m[1] || m[3] || m[4] || m[5] }));
      if (m[2]) { frag.appendChild(h("span", { "class": "p", text: m[2] })); }
      last = re.lastIndex;
    }
    if (last < text.length) { frag.appendChild(doc.createTextNode(text.slice(last))); }
    code.appendChild(frag);
  }

  function start() { try { init(); } catch (e) { /* the rest of the page must keep working */ if (window.console) { window.console.error(e); } } }
  if (doc.readyState === "loading") { doc.addEventListener("DOMContentLoaded", start); }
  else { start(); }
})();
