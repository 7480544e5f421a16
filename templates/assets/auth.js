/* docgen site sign-in. Vanilla ES2019, no dependencies, loaded on every page when the site has
   `auth` configured (before playground.js). The login service sends the reader back to
   _docgen/auth/callback/#token=<JWT>; this script verifies the JWT with WebCrypto against the
   site's public key (ES256 or RS256, spki), keeps it in localStorage "docgen:auth" and exposes
     window.docgenAuth = {ready: Promise<session|null>, signIn(), signOut()}
   with session = {claims, groups: string[], expires: Date, token: string}. Changes are announced with a
   "docgen:auth" event on window (detail: {session}).
   This only decides which parts of the documentation UI are shown: it is not access control. */
(function () {
  "use strict";

  var doc = document;
  var TOKEN_KEY = "docgen:auth";
  var RETURN_KEY = "docgen:return";
  var LEEWAY = 30; // seconds of clock skew tolerated on exp, nbf and iat
  var ALGORITHMS = {
    ES256: { importParams: { name: "ECDSA", namedCurve: "P-256" }, verifyParams: { name: "ECDSA", hash: "SHA-256" } },
    RS256: { importParams: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, verifyParams: { name: "RSASSA-PKCS1-v1_5" } }
  };

  var config = null;
  var session = null;
  var keyPromise = null;
  var expiryTimer = null;
  var resolveReady;
  var api = {
    ready: new Promise(function (resolve) { resolveReady = resolve; }),
    signIn: signIn,
    signOut: signOut
  };
  window.docgenAuth = api;

  /* ------------------------------------------------------------ helpers */
  function localGet(key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } }
  function localSet(key, value) { try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ } }
  function localRemove(key) { try { window.localStorage.removeItem(key); } catch (e) { /* private mode */ } }
  function sessionGet(key) { try { return window.sessionStorage.getItem(key); } catch (e) { return null; } }
  function sessionSet(key, value) { try { window.sessionStorage.setItem(key, value); } catch (e) { /* private mode */ } }
  function sessionRemove(key) { try { window.sessionStorage.removeItem(key); } catch (e) { /* private mode */ } }
  function isObj(x) { return x !== null && typeof x === "object" && !Array.isArray(x); }

  function AuthError(reason, message) { this.reason = reason; this.message = message; }
  function fail(reason, message) { return Promise.reject(new AuthError(reason, message)); }

  function readConfig() {
    var raw = doc.body ? doc.body.getAttribute("data-docgen-site") : null;
    var site = null;
    try { site = raw ? JSON.parse(raw) : null; } catch (e) { site = null; }
    if (!isObj(site)) { return null; }
    var base = typeof site.base === "string" ? site.base : "";
    var auth = isObj(site.auth) ? site.auth : null;
    if (!auth || typeof auth.loginUrl !== "string" || typeof auth.publicKey !== "string") { return { base: base, auth: null }; }
    return {
      base: base,
      auth: {
        loginUrl: auth.loginUrl,
        algorithm: typeof auth.algorithm === "string" ? auth.algorithm : "ES256",
        publicKey: auth.publicKey,
        callback: typeof auth.callback === "string" ? auth.callback : "_docgen/auth/callback/",
        audience: typeof auth.audience === "string" ? auth.audience : null,
        issuer: typeof auth.issuer === "string" ? auth.issuer : null
      }
    };
  }

  function siteRoot() {
    try { return new URL(config ? config.base || "./" : "./", window.location.href).href; } catch (e) { return "/"; }
  }

  function base64ToBytes(b64) {
    var bin = window.atob(b64);
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { out[i] = bin.charCodeAt(i); }
    return out;
  }
  function base64UrlToBytes(s) {
    if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) { throw new Error("not base64url"); }
    var b64 = s.replace(/-/g, "+").replace(/_/g, "/");
    while (b64.length % 4) { b64 += "="; }
    return base64ToBytes(b64);
  }
  function jsonPart(s) {
    var value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(base64UrlToBytes(s)));
    if (!isObj(value)) { throw new Error("not a JSON object"); }
    return value;
  }

  /* --------------------------------------------------------- verification */
  function importKey(auth) {
    if (!keyPromise) {
      var params = ALGORITHMS[auth.algorithm];
      var der;
      try {
        der = base64ToBytes(auth.publicKey.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, "").replace(/\s+/g, ""));
      } catch (e) {
        return fail("bad-key", "the site's public key is not valid base64.");
      }
      keyPromise = window.crypto.subtle.importKey("spki", der, params.importParams, false, ["verify"]);
      keyPromise.catch(function () { keyPromise = null; });
    }
    return keyPromise.catch(function () {
      return fail("bad-key", "the site's public key could not be imported for " + auth.algorithm + ".");
    });
  }

  /* Resolves to a session, or rejects with an AuthError (reason + readable message). */
  function verify(token, auth) {
    if (!window.crypto || !window.crypto.subtle) {
      return fail("insecure-context", "this browser only offers WebCrypto (crypto.subtle) on secure pages: https, localhost or 127.0.0.1.");
    }
    if (!ALGORITHMS[auth.algorithm]) {
      return fail("bad-key", "the site is configured with the unsupported algorithm " + auth.algorithm + ".");
    }
    var parts = String(token).split(".");
    if (parts.length !== 3 || !parts[0] || !parts[1] || !parts[2]) {
      return fail("malformed", "a JWT has three base64url parts separated by dots.");
    }
    var header;
    var claims;
    var signature;
    try {
      header = jsonPart(parts[0]);
      claims = jsonPart(parts[1]);
      signature = base64UrlToBytes(parts[2]);
    } catch (e) {
      return fail("malformed", "its header, claims or signature cannot be decoded.");
    }
    if (header.alg !== auth.algorithm) {
      return fail("wrong-algorithm", "the token is signed with " + (typeof header.alg === "string" ? header.alg : "no algorithm") +
        ", but this site accepts " + auth.algorithm + " only.");
    }
    if (auth.algorithm === "ES256" && signature.length !== 64) {
      return fail("bad-signature", "an ES256 signature is 64 bytes (r||s); this one has " + signature.length + ".");
    }
    var data = new TextEncoder().encode(parts[0] + "." + parts[1]);
    return importKey(auth).then(function (key) {
      return window.crypto.subtle.verify(ALGORITHMS[auth.algorithm].verifyParams, key, signature, data);
    }).then(function (valid) {
      if (!valid) { return fail("bad-signature", "the token was not signed with this site's key."); }
      var now = Date.now() / 1000;
      if (typeof claims.exp !== "number" || !isFinite(claims.exp)) {
        return fail("malformed", "it has no expiry time (exp claim).");
      }
      if (now > claims.exp + LEEWAY) {
        return fail("expired", "its expiry time (exp) was " + new Date(claims.exp * 1000).toLocaleString() + ".");
      }
      if (claims.iat !== undefined) { // as docgen serve checks it (PyJWT): issued in the future = not valid yet
        if (typeof claims.iat !== "number" || !isFinite(claims.iat)) { return fail("malformed", "its iat claim is not a number."); }
        if (now + LEEWAY < claims.iat) { return fail("not-yet-valid", "it was issued in the future (check this computer's clock)."); }
      }
      if (claims.nbf !== undefined) {
        if (typeof claims.nbf !== "number" || !isFinite(claims.nbf)) { return fail("malformed", "its nbf claim is not a number."); }
        if (now + LEEWAY < claims.nbf) {
          return fail("not-yet-valid", "it is only valid from " + new Date(claims.nbf * 1000).toLocaleString() + " (check this computer's clock).");
        }
      }
      if (typeof auth.audience === "string") {
        var aud = typeof claims.aud === "string" ? [claims.aud] : claims.aud;
        if (!Array.isArray(aud) || aud.indexOf(auth.audience) < 0) {
          return fail("wrong-audience", "it was issued for another service (aud claim), not for these docs.");
        }
      }
      if (typeof auth.issuer === "string" && claims.iss !== auth.issuer) {
        return fail("wrong-issuer", "it was not issued by this site's login service (iss claim).");
      }
      var groups = claims.groups;
      if (typeof groups === "string") { groups = [groups]; }
      groups = Array.isArray(groups) ? groups.filter(function (g) { return typeof g === "string"; }) : [];
      return { claims: claims, groups: groups, expires: new Date(claims.exp * 1000), token: token };
    });
  }

  /* ----------------------------------------------------------- sign in/out */
  function signIn() {
    if (!config || !config.auth) { return; }
    var login;
    var callback;
    try {
      login = new URL(config.auth.loginUrl, window.location.href);
      callback = new URL((config.base || "") + config.auth.callback, window.location.href).href;
    } catch (e) { return; }
    if (login.protocol !== "https:" && login.protocol !== "http:") { return; }
    if (!doc.body.hasAttribute("data-docgen-callback")) { sessionSet(RETURN_KEY, window.location.href); }
    var href = config.auth.loginUrl;
    window.location.assign(href + (href.indexOf("?") === -1 ? "?" : "&") + "redirect_uri=" + encodeURIComponent(callback));
  }

  function signOut() {
    localRemove(TOKEN_KEY);
    setSession(null);
  }

  function setSession(next) {
    session = next;
    api.ready = Promise.resolve(next);
    window.clearTimeout(expiryTimer);
    if (next) { watchExpiry(next.expires.getTime() + LEEWAY * 1000); }
    renderControls();
    var event;
    try { event = new CustomEvent("docgen:auth", { detail: { session: next } }); } catch (e) { event = null; }
    if (event) { window.dispatchEvent(event); }
  }

  /* Drops the session when it expires while the page stays open (timers max out at ~24 days). */
  function watchExpiry(at) {
    var ms = at - Date.now();
    if (ms <= 0) { signOut(); return; }
    expiryTimer = window.setTimeout(function () { watchExpiry(at); }, Math.min(ms, 2147483000));
  }

  function displayName(s) {
    var c = s && s.claims ? s.claims : {};
    var who = [c.name, c.email, c.preferred_username, c.sub].filter(function (x) { return typeof x === "string" && x; })[0];
    return who || "";
  }

  function narrow() { return !!(window.matchMedia && window.matchMedia("(max-width: 639px)").matches); }

  function renderControls() {
    if (!config || !config.auth) { return; }
    Array.prototype.forEach.call(doc.querySelectorAll("[data-docgen-signin]"), function (el) {
      var target = el.querySelector("[data-docgen-signin-label]") || el;
      var who = displayName(session);
      if (session) {
        target.textContent = "Sign out";
        if (who) {
          // The name is visible on wide screens only; narrow headers have no room for it.
          var user = doc.createElement("span");
          user.className = "signin-user" + (narrow() ? " visually-hidden" : "");
          user.setAttribute("data-docgen-signin-user", "");
          user.textContent = " (" + (who.length > 20 ? who.slice(0, 19) + "…" : who) + ")";
          target.appendChild(user);
        }
        // The name is text only, never an attribute: a docs repo's CSS can match attributes
        // ([title*="ada"]) and load a URL per match, sending the name to another site.
        el.setAttribute("title", "Sign out");
        el.setAttribute("data-state", "signed-in");
      } else {
        target.textContent = "Sign in";
        el.setAttribute("title", "Sign in");
        el.setAttribute("data-state", "signed-out");
      }
      el.hidden = false;
    });
  }

  function bindControls() {
    doc.addEventListener("click", function (e) {
      var el = e.target && e.target.closest ? e.target.closest("[data-docgen-signin]") : null;
      if (!el || !config || !config.auth) { return; }
      e.preventDefault();
      if (session) { signOut(); } else { signIn(); }
    });
    if (window.matchMedia) {
      var mq = window.matchMedia("(max-width: 639px)");
      if (mq.addEventListener) { mq.addEventListener("change", renderControls); }
      else if (mq.addListener) { mq.addListener(renderControls); }
    }
    // Signing in or out in another tab.
    window.addEventListener("storage", function (e) {
      if (e.key !== TOKEN_KEY || !config || !config.auth) { return; }
      if (!e.newValue) { if (session) { setSession(null); } return; }
      verify(e.newValue, config.auth).then(setSession, function () { if (session) { setSession(null); } });
    });
  }

  /* ------------------------------------------------------------- callback */
  var REASONS = {
    "expired": "The token has expired",
    "bad-signature": "Bad signature",
    "wrong-algorithm": "Wrong algorithm",
    "wrong-audience": "The token is for another service",
    "wrong-issuer": "The token is from another issuer",
    "malformed": "Malformed token",
    "not-yet-valid": "The token is not valid yet",
    "no-token": "No token",
    "login-error": "The login service reported an error",
    "insecure-context": "Sign-in cannot be checked on this page",
    "bad-key": "The site's sign-in configuration is broken",
    "not-configured": "Sign-in is not configured for this site"
  };

  function callbackMessage() {
    var el = doc.querySelector("[data-docgen-callback-status], [data-docgen-callback-message]");
    if (!el) {
      el = doc.createElement("p");
      el.setAttribute("data-docgen-callback-message", "");
      (doc.querySelector("main") || doc.body).appendChild(el);
    }
    return el;
  }

  function showCallback(status, reason, text, links) {
    var el = callbackMessage();
    el.setAttribute("data-status", status);
    if (reason) { el.setAttribute("data-reason", reason); } else { el.removeAttribute("data-reason"); }
    el.setAttribute("role", status === "error" ? "alert" : "status");
    el.textContent = text;
    var title = doc.querySelector("main h1");
    if (title) { title.textContent = status === "error" ? "Sign-in failed" : status === "ok" ? "Signed in" : "Signing in…"; }
    var old = doc.querySelector("[data-docgen-callback-actions]");
    if (old && old.parentNode) { old.parentNode.removeChild(old); }
    if (links) {
      var p = doc.createElement("p");
      p.className = "callback-actions";
      p.setAttribute("data-docgen-callback-actions", "");
      links.forEach(function (link) { p.appendChild(link); p.appendChild(doc.createTextNode(" ")); });
      el.parentNode.insertBefore(p, el.nextSibling);
    }
  }

  function failureLinks() {
    var links = [];
    if (config && config.auth) {
      var again = doc.createElement("button");
      again.type = "button";
      again.className = "button button-primary";
      again.textContent = "Sign in again";
      again.setAttribute("data-docgen-callback-retry", "");
      again.addEventListener("click", signIn);
      links.push(again);
    }
    var back = returnUrl(false);
    if (back !== siteRoot()) {
      var link = doc.createElement("a");
      link.className = "button";
      link.href = back;
      link.textContent = "Back to the page you were reading";
      link.setAttribute("data-docgen-callback-back", "");
      links.push(link);
    }
    return links;
  }

  /* Where to go after signing in: the stored page when it is on this origin, else the site root. */
  function returnUrl(consume) {
    var stored = sessionGet(RETURN_KEY);
    if (consume) { sessionRemove(RETURN_KEY); }
    if (stored) {
      try {
        var url = new URL(stored, window.location.href);
        var here = new URL(window.location.href);
        if (url.origin === window.location.origin && (url.protocol === "https:" || url.protocol === "http:") &&
            url.pathname !== here.pathname) {
          return url.href;
        }
      } catch (e) { /* fall through to the site root */ }
    }
    return siteRoot();
  }

  function readCallbackParams() {
    var found = { token: null, error: null };
    var sources = [window.location.hash.replace(/^#/, ""), window.location.search.replace(/^\?/, "")];
    sources.forEach(function (s) {
      if (!s) { return; }
      var params;
      try { params = new URLSearchParams(s); } catch (e) { return; }
      ["token", "access_token", "id_token"].forEach(function (name) {
        if (!found.token && params.get(name)) { found.token = params.get(name); }
      });
      if (!found.error && (params.get("error_description") || params.get("error"))) {
        found.error = params.get("error_description") || params.get("error");
      }
    });
    return found;
  }

  function handleCallback() {
    var params = readCallbackParams();
    // The token must not stay in the address bar, the history or a bookmark.
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", window.location.pathname);
    }
    function rejected(reason, detail) {
      resolveReady(null);
      renderControls();
      showCallback("error", reason, REASONS[reason] + (detail ? ": " + detail : "") + ".", failureLinks());
    }
    if (!config || !config.auth) { rejected("not-configured", ""); return; }
    if (!params.token) {
      if (params.error) { rejected("login-error", String(params.error).slice(0, 300)); }
      else { rejected("no-token", "the login service did not send a token back (expected #token=… in the address)"); }
      return;
    }
    showCallback("pending", null, "Checking your sign-in…", null);
    verify(params.token, config.auth).then(function (s) {
      localSet(TOKEN_KEY, params.token);
      session = s;
      resolveReady(s);
      renderControls();
      var who = displayName(s);
      showCallback("ok", null, "Signed in" + (who ? " as " + who : "") + ". Taking you back…", null);
      window.location.replace(returnUrl(true));
    }, function (err) {
      if (err instanceof AuthError) { rejected(err.reason, err.message.replace(/\.$/, "")); }
      else { rejected("bad-signature", "the signature could not be checked"); }
    });
  }

  /* ----------------------------------------------------------------- start */
  function start() {
    config = readConfig();
    bindControls();
    if (doc.body.hasAttribute("data-docgen-callback")) {
      handleCallback();
      // A second token arriving without a reload (same page, new #fragment).
      window.addEventListener("hashchange", function () { if (window.location.hash.length > 1) { handleCallback(); } });
      return;
    }
    var token = localGet(TOKEN_KEY);
    if (!config || !config.auth || !token) {
      renderControls();
      resolveReady(null);
      return;
    }
    verify(token, config.auth).then(function (s) {
      resolveReady(s);
      setSession(s);
    }, function (err) {
      // A token that fails verification is deleted; one that cannot be checked here is kept.
      if (!(err instanceof AuthError) || (err.reason !== "insecure-context" && err.reason !== "bad-key")) {
        localRemove(TOKEN_KEY);
      }
      renderControls();
      resolveReady(null);
    });
  }

  if (doc.readyState === "loading") { doc.addEventListener("DOMContentLoaded", start); }
  else { start(); }
})();
