// Mermaid diagrams (render/diagrams.py): each <figure class="mermaid"> holds its fence's source;
// this draws it with the Mermaid build shipped in _docgen/mermaid/ (loaded only on a page that
// has a diagram), in the site's light or dark theme, again when the reader switches theme.
// Diagrams near the screen are drawn first, one at a time; the others follow when the browser
// is idle, so a page of many diagrams shows the ones the reader looks at quickly and stays
// responsive, and a theme switch (however often the reader clicks) draws each diagram once in
// the theme it ends on. Mermaid draws in a scratch element of its own in <body>, so a diagram in
// a closed tab or accordion is drawn at its real size; its zoom controls are decided when it is
// shown (and again when the column's width changes).
// Mermaid runs with securityLevel "strict": labels' HTML is sanitised (DOMPurify), `click`
// directives do nothing, and a diagram's own %%{init}%% cannot lower it. A diagram Mermaid
// cannot read keeps its source, with a note saying why. Zoom and pan controls appear on
// diagrams taller than 120px (Mintlify's rule; the fence's actions/placement options decide).
(function () {
  "use strict";
  var figures = Array.prototype.slice.call(document.querySelectorAll("figure.mermaid"));
  if (!figures.length) { return; }
  // Each diagram's source, read once, before any drawing is in the figure: a drawing's own
  // HTML labels may hold <pre><code> too.
  var sources = new Map(figures.map(function (figure) {
    var code = figure.querySelector("pre code");
    return [figure, code ? code.textContent : null];
  }));
  var here = document.currentScript && document.currentScript.src;
  if (!here) { return; }
  var root = document.documentElement;
  var engine = null;
  var count = 0;
  var busy = false;      // a diagram is being drawn
  var waiting = false;   // an idle callback is due to draw one more
  var broken = false;    // Mermaid did not load: the sources stay
  var near = [];         // the figures within a screen's height of the viewport
  var bars = new Map();  // figure -> its controls (in the figure only while wanted)

  function load() {
    if (!engine) {
      engine = import(new URL("mermaid/mermaid.js", here).href).then(function (module) {
        return module.default;
      });
    }
    return engine;
  }

  function theme() { return root.dataset.theme === "dark" ? "dark" : "default"; }

  function button(label, text, act) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "mermaid-button";
    b.setAttribute("aria-label", label);
    b.title = label;
    b.textContent = text;
    b.addEventListener("click", act);
    return b;
  }

  // Zoom (buttons) and pan (buttons, or dragging the drawing while zoomed in).
  function controls(figure, view, canvas) {
    var at = { scale: 1, x: 0, y: 0 };
    function apply() {
      canvas.style.transform = at.scale === 1 && !at.x && !at.y ? "" :
        "translate(" + at.x + "px," + at.y + "px) scale(" + at.scale + ")";
      figure.classList.toggle("zoomed", at.scale !== 1 || at.x !== 0 || at.y !== 0);
    }
    function zoom(factor) { at.scale = Math.min(8, Math.max(0.25, at.scale * factor)); apply(); }
    function pan(dx, dy) { at.x += dx; at.y += dy; apply(); }
    var bar = document.createElement("div");
    bar.className = "mermaid-controls";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Diagram view");
    bar.appendChild(button("Zoom in", "+", function () { zoom(1.25); }));
    bar.appendChild(button("Zoom out", "\u2212", function () { zoom(0.8); }));
    bar.appendChild(button("Move left", "\u2190", function () { pan(60, 0); }));
    bar.appendChild(button("Move up", "\u2191", function () { pan(0, 60); }));
    bar.appendChild(button("Move down", "\u2193", function () { pan(0, -60); }));
    bar.appendChild(button("Move right", "\u2192", function () { pan(-60, 0); }));
    bar.appendChild(button("Reset view", "\u21ba", function () { at = { scale: 1, x: 0, y: 0 }; apply(); }));
    var drag = null;
    view.addEventListener("pointerdown", function (event) {
      if (!figure.classList.contains("zoomed") || event.button !== 0) { return; }
      drag = { x: event.clientX - at.x, y: event.clientY - at.y };
      view.setPointerCapture(event.pointerId);
    });
    view.addEventListener("pointermove", function (event) {
      if (!drag) { return; }
      at.x = event.clientX - drag.x;
      at.y = event.clientY - drag.y;
      apply();
    });
    view.addEventListener("pointerup", function () { drag = null; });
    view.addEventListener("pointercancel", function () { drag = null; });
    return bar;
  }

  // Whether the controls are wanted at the drawing's current size: Mintlify shows them on a
  // drawing taller than 120px (with the frame's padding); docgen also on one shrunk to fit the
  // column below 80% of its size (a wide flowchart on a phone), where zooming in is what helps:
  // a drawing shrunk less keeps readable text, and a bar under it would be clutter. A closed
  // tab or accordion has no size: it is decided when shown. While zoomed, the controls stay.
  function fit(figure) {
    var bar = bars.get(figure);
    var svg = figure.querySelector(".mermaid-canvas svg");
    if (!bar || !svg || figure.classList.contains("zoomed")) { return; }
    var wanted = figure.dataset.actions;
    var size = svg.getBoundingClientRect();
    if (wanted !== "true" && !size.width) { return; }
    var natural = parseFloat(svg.style.maxWidth);
    var show = wanted === "true" ||
      (wanted !== "false" && (natural * 0.8 > size.width || size.height + 32 > 120));
    if (show && !bar.parentNode) { figure.appendChild(bar); }
    if (!show && bar.parentNode) { bar.remove(); }
    figure.classList.toggle("has-controls", show);
  }

  var resized = window.ResizeObserver ? new ResizeObserver(function (entries) {
    entries.forEach(function (entry) {
      var figure = entry.target.closest("figure.mermaid");  // none once drawn again
      if (figure) { fit(figure); } else { resized.unobserve(entry.target); }
    });
  }) : null;

  // The width a diagram that sizes itself to its container (a Gantt chart) is drawn at: the
  // figure's column (the nearest shown box around it, for a figure in a closed tab), but at
  // least 600px, where its dates stop overlapping (narrower, it is shrunk and can be zoomed).
  function room(figure) {
    var box = figure;
    while (box && !box.clientWidth) { box = box.parentElement; }
    return Math.max(600, box ? box.clientWidth - 34 : 0);
  }

  // Mermaid's dark palette for pie slices, mindmap branches and timeline sections starts at
  // near-black (#0b0000, #161722, #010029), which vanishes into a dark page. These mid tones
  // keep 3:1 against docgen's dark page and 4.5:1 for the white labels drawn on them.
  var DARK_SCALE = ["#2563eb", "#7c3aed", "#be185d", "#0f766e", "#b45309", "#15803d",
    "#dc2626", "#0e7490", "#4f46e5", "#c2410c", "#9333ea", "#0369a1"];

  function variables(palette) {
    if (palette !== "dark") { return {}; }
    var light = "#f8fafc";
    var set = { pieOpacity: "1", pieSectionTextColor: light, pieStrokeColor: "#0b0f17",
      pieOuterStrokeColor: "#0b0f17", git0: "#64748b", gitBranchLabel0: light };
    DARK_SCALE.forEach(function (colour, i) {
      set["cScale" + i] = colour;
      set["cScaleLabel" + i] = light;
    });
    return set;
  }

  function draw(mermaid, figure) {
    var source = sources.get(figure);
    var note = figure.querySelector(":scope > .mermaid-note");
    var palette = theme();
    figure.dataset.theme = palette;
    if (source === null || source === undefined) { return Promise.resolve(); }
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      suppressErrorRendering: true,
      theme: palette,
      themeVariables: variables(palette),
      fontFamily: window.getComputedStyle(document.body).fontFamily,
      gantt: { useWidth: room(figure) }
    });
    count += 1;
    var id = "docgen-mermaid-" + count;
    return mermaid.render(id, source).then(function (result) {
      var old = figure.querySelector(":scope > .mermaid-view");
      if (old) { old.remove(); }
      var bar = bars.get(figure);
      if (bar) { bar.remove(); }
      var view = document.createElement("div");
      view.className = "mermaid-view";
      var canvas = document.createElement("div");
      canvas.className = "mermaid-canvas";
      canvas.innerHTML = result.svg;  // sanitised by Mermaid (strict: DOMPurify over the SVG)
      view.appendChild(canvas);
      figure.insertBefore(view, figure.firstChild);
      figure.classList.remove("failed", "has-controls", "zoomed");
      figure.classList.add("drawn");
      if (figure.dataset.actions !== "false") {
        bars.set(figure, controls(figure, view, canvas));
        fit(figure);
        if (resized) { resized.observe(canvas); }
      }
    }, function (error) {
      var left = document.getElementById("d" + id) || document.getElementById(id);
      if (left) { left.remove(); }
      var old = figure.querySelector(":scope > .mermaid-view");
      if (old) { old.remove(); }
      var bar = bars.get(figure);
      if (bar) { bar.remove(); }
      figure.classList.remove("drawn", "has-controls", "zoomed");
      figure.classList.add("failed");
      if (note) {
        var why = String((error && error.message) || error || "").split("\n")[0].slice(0, 200);
        note.textContent = "This Mermaid diagram could not be drawn" + (why ? ": " + why : "");
      }
    });
  }

  // A figure still to draw: never drawn, or drawn in the other theme (one Mermaid could not
  // read is not tried again).
  function due(figure) {
    return !figure.classList.contains("failed") && figure.dataset.theme !== theme();
  }

  function run(figure) {
    function next() { busy = false; pump(); }
    busy = true;
    load().then(function (mermaid) { return draw(mermaid, figure); },
      function () { broken = true; })
      .then(next, function (error) { next(); throw error; });
  }

  // Of figures near the screen, the one on it (or closest to it; the first in page order).
  function nearest(list) {
    var best = null, least = Infinity;
    list.forEach(function (figure) {
      var box = figure.getBoundingClientRect();
      var away = Math.max(0, box.top - window.innerHeight, -box.bottom);
      if (away < least) { best = figure; least = away; }
    });
    return best;
  }

  // Draws the next figure: one near the screen at once, any other when the browser is idle.
  function pump() {
    if (busy || broken) { return; }
    var close = nearest(near.filter(due));
    if (close) { run(close); return; }
    if (waiting || !figures.some(due)) { return; }
    waiting = true;
    var later = window.requestIdleCallback || function (act) { return window.setTimeout(act, 50); };
    later(function () {
      waiting = false;
      if (busy || broken) { return; }
      var next = nearest(near.filter(due)) || figures.filter(due)[0];
      if (next) { run(next); }
    }, { timeout: 1000 });
  }

  if (window.IntersectionObserver) {
    var watch = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        var at = near.indexOf(entry.target);
        if (entry.isIntersecting && at < 0) { near.push(entry.target); }
        if (!entry.isIntersecting && at >= 0) { near.splice(at, 1); }
      });
      near.sort(function (a, b) {  // in page order
        return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      });
      pump();
    }, { rootMargin: "100% 0px" });
    figures.forEach(function (figure) { watch.observe(figure); });  // its first report pumps
  } else {
    pump();
  }
  new MutationObserver(pump).observe(root, { attributes: true, attributeFilter: ["data-theme"] });
})();
