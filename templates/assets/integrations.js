/* docgen: the analytics tools docs.json `integrations` names (Mintlify's integrations:
   Google Analytics 4, Google Tag Manager, PostHog, Plausible, Fathom). With `cookies` set,
   nothing loads until localStorage holds the reader's consent (that key with that value),
   checked on load, when another tab records it, and every second in this one. No inline
   script: the settings come from <meta name="docgen-integrations">. */
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="docgen-integrations"]');
  if (!meta) return;
  var settings;
  try {
    settings = JSON.parse(meta.getAttribute("content") || "{}");
  } catch (error) {
    return;
  }
  var started = false;

  function consented() {
    var consent = settings.consent;
    if (!consent) return true;
    try {
      return window.localStorage.getItem(consent.key) === consent.value;
    } catch (error) {
      return false; // storage blocked: no consent can be read
    }
  }

  function load(src, attributes) {
    var element = document.createElement("script");
    element.async = true;
    element.src = src;
    Object.keys(attributes || {}).forEach(function (name) {
      element.setAttribute(name, attributes[name]);
    });
    document.head.appendChild(element);
  }

  function dataLayer() {
    window.dataLayer = window.dataLayer || [];
    return window.dataLayer;
  }

  function googleAnalytics(id) {
    var layer = dataLayer();
    window.gtag = window.gtag || function () { layer.push(arguments); };
    window.gtag("js", new Date());
    window.gtag("config", id);
    load("https://www.googletagmanager.com/gtag/js?id=" + encodeURIComponent(id));
  }

  function tagManager(id) {
    dataLayer().push({ "gtm.start": new Date().getTime(), event: "gtm.js" });
    load("https://www.googletagmanager.com/gtm.js?id=" + encodeURIComponent(id));
  }

  function postHog(options) {
    // PostHog's snippet in a few lines: a queue its library reads when it arrives.
    var queue = (window.posthog = window.posthog || []);
    if (queue.__SV) return;
    queue._i = [[options.key, {
      api_host: options.host,
      disable_session_recording: !options.recording,
    }, "posthog"]];
    queue.people = queue.people || [];
    queue.__SV = 1;
    var assets = options.host.replace(".i.posthog.com", "-assets.i.posthog.com");
    load(assets + "/static/array.js", { crossorigin: "anonymous" });
  }

  function start() {
    if (started || !consented()) return;
    started = true;
    if (settings.ga4) googleAnalytics(settings.ga4);
    if (settings.gtm) tagManager(settings.gtm);
    if (settings.posthog) postHog(settings.posthog);
    if (settings.plausible) {
      load("https://" + settings.plausible.host + "/js/script.js", {
        "data-domain": settings.plausible.domain,
      });
    }
    if (settings.fathom) {
      load("https://cdn.usefathom.com/script.js", {
        id: "fathom-script",
        "data-site": settings.fathom,
      });
    }
  }

  start();
  if (settings.consent && !started) {
    window.addEventListener("storage", start);
    var timer = window.setInterval(function () {
      start();
      if (started) window.clearInterval(timer);
    }, 1000);
  }
})();
