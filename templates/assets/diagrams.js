// Mermaid diagrams (render/diagrams.py): each <figure class="mermaid"> holds its fence's source;
// this draws it with the Mermaid build shipped in _docgen/mermaid/ (loaded only on a page that
// has a diagram), in the site's light or dark theme, again when the reader switches theme.
// Mermaid runs with securityLevel "strict": labels' HTML is sanitised (DOMPurify), `click`
// directives do nothing, and a diagram's own %%{init}%% cannot lower it. A diagram Mermaid
// cannot read keeps its source, with a note saying why. Zoom and pan controls appear on
// diagrams taller than 120px (Mintlify's rule; the fence's actions/placement options decide).
(function () {
  "use strict";
  var figures = Array.prototype.slice.call(document.querySelectorAll("figure.mermaid"));
  if (!figures.length) { return; }
  // Each diagram's source, read once: a drawing's own HTML labels may hold <pre><code> too.
  var sources = figures.map(function (figure) {
    var code = figure.querySelector("pre code");  // before any drawing is in the figure
    return code ? code.textContent : null;
  });
  var here = document.currentScript && document.currentScript.src;
  if (!here) { return; }
  var root = document.documentElement;
  var engine = null;
  var drawing = Promise.resolve();
  var count = 0;

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

  function draw(mermaid, figure, source) {
    var note = figure.querySelector(":scope > .mermaid-note");
    if (source === null) { return Promise.resolve(); }
    count += 1;
    var id = "docgen-mermaid-" + count;
    return mermaid.render(id, source).then(function (result) {
      var old = figure.querySelector(":scope > .mermaid-view");
      if (old) { old.remove(); }
      var bar = figure.querySelector(":scope > .mermaid-controls");
      if (bar) { bar.remove(); }
      var view = document.createElement("div");
      view.className = "mermaid-view";
      var canvas = document.createElement("div");
      canvas.className = "mermaid-canvas";
      canvas.innerHTML = result.svg;  // sanitised by Mermaid (strict: DOMPurify over the SVG)
      view.appendChild(canvas);
      figure.insertBefore(view, figure.firstChild);
      var svg = canvas.querySelector("svg");  // its labels stay text a screen reader reads
      figure.classList.remove("failed", "has-controls", "zoomed");
      figure.classList.add("drawn");
      // Controls: Mintlify shows them on a drawing taller than 120px; docgen also on one shrunk
      // to fit the column (a wide flowchart on a phone), where zooming in is what helps.
      var wanted = figure.dataset.actions;
      var natural = svg ? parseFloat(svg.style.maxWidth) : NaN;
      var shrunk = svg && natural > svg.getBoundingClientRect().width + 1;
      if (wanted === "true" || (wanted !== "false" && (shrunk || view.getBoundingClientRect().height > 120))) {
        figure.appendChild(controls(figure, view, canvas));
        figure.classList.add("has-controls");
      }
    }, function (error) {
      var left = document.getElementById("d" + id) || document.getElementById(id);
      if (left) { left.remove(); }
      figure.querySelectorAll(":scope > .mermaid-view, :scope > .mermaid-controls").forEach(function (node) {
        node.remove();
      });
      figure.classList.remove("drawn", "has-controls", "zoomed");
      figure.classList.add("failed");
      if (note) {
        var why = String((error && error.message) || error || "").split("\n")[0].slice(0, 200);
        note.textContent = "This Mermaid diagram could not be drawn" + (why ? ": " + why : "");
      }
    });
  }

  function drawAll() {
    drawing = drawing.then(load).then(function (mermaid) {
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: "strict",
        suppressErrorRendering: true,
        theme: theme(),
        fontFamily: window.getComputedStyle(document.body).fontFamily
      });
      return figures.reduce(function (done, figure, at) {
        return done.then(function () { return draw(mermaid, figure, sources[at]); });
      }, Promise.resolve());
    }).catch(function () { /* Mermaid did not load: the sources stay */ });
  }

  drawAll();
  var shown = theme();
  new MutationObserver(function () {
    if (theme() !== shown) { shown = theme(); drawAll(); }
  }).observe(root, { attributes: true, attributeFilter: ["data-theme"] });
})();
