// HTMLPage+Assets.swift: the page's stylesheet, arrowheads, legend and script, inlined.
//
// Docs: docs/recorder.md#the-page. Tests: Tests/RuntimeRecorderTests/HTMLPageTests.swift.
//
// Colours are chosen to read on a projector and to survive a black-and-white printer: kinds of
// box differ by outline (rounded, square, dashed) as well as by tint, arrows by dash pattern, and
// every change carries a word (`new`, `isa (moved)`, `IMP changed`) besides its orange. The
// arrowheads live in one SVG at the top of the body: a marker inside a hidden frame's SVG would
// not draw in the others.

extension HTMLPage {
  static let style = """
    :root { color-scheme: light; --ink: #1a1a1a; --muted: #555; --line: #c8c8c8; --accent: #1f5fa8;
      --changed: #c2410c; --mark: #ffe7b8; --instance: #e6f0fb; --class: #fbf3dc; --meta: #efe9f8; }
    * { box-sizing: border-box; }
    html { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: #fff; }
    body { margin: 0; }
    code, pre, kbd { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; }
    header.bar { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line);
      padding: .45rem 1rem; display: flex; flex-wrap: wrap; align-items: center; gap: .4rem 1.25rem; }
    header.bar h1 { font-size: 1.05rem; margin: 0; }
    nav.controls { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem; }
    nav.controls button { font: inherit; font-size: .95rem; padding: .25rem .7rem; border: 1px solid #666; border-radius: 5px;
      background: #f3f3f3; color: var(--ink); cursor: pointer; }
    nav.controls button:hover:not(:disabled) { background: #e4e4e4; }
    nav.controls button:disabled { opacity: .45; cursor: default; }
    #slider { width: min(28vw, 240px); accent-color: var(--accent); }
    #position { font-variant-numeric: tabular-nums; color: var(--muted); min-width: 7.5em; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    main { padding: .6rem 1rem 1rem; }
    .js .frame[hidden] { display: none; }
    .frame h2 { font-size: 1.2rem; margin: .1rem 0 .6rem; }
    .step-number { display: inline-block; font-size: .8rem; font-weight: 600; color: #fff; background: var(--accent);
      border-radius: 4px; padding: .05rem .45rem; vertical-align: .15em; margin-right: .3rem; }
    .columns { display: grid; grid-template-columns: minmax(0, 4fr) minmax(0, 8fr); gap: 1.2rem; align-items: start; }
    @media (max-width: 1050px) { .columns { grid-template-columns: minmax(0, 1fr); } }
    h3 { font-size: .8rem; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 .35rem; }
    ol.statements { list-style: none; margin: 0; padding: 0; }
    li.statement { margin: 0 0 .55rem; }
    pre.code { margin: 0; padding: .3rem .55rem; background: #f3f6fa; border-left: 4px solid var(--accent);
      white-space: pre-wrap; overflow-wrap: anywhere; font-size: .84rem; font-weight: 600; }
    ul.events { list-style: none; margin: .25rem 0 0 .9rem; padding: 0; font-size: .8rem; }
    ul.events li { margin: .12rem 0; overflow-wrap: anywhere; }
    li.event { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; }
    li.event .tag { display: inline-block; min-width: 4.6em; font-family: system-ui, sans-serif; font-size: .7rem;
      text-transform: uppercase; letter-spacing: .04em; color: var(--muted); border: 1px solid var(--line);
      border-radius: 3px; padding: 0 .25rem; margin-right: .3rem; text-align: center; }
    li.kind-isa { font-weight: 700; }
    li.kind-isa .tag, li.notification .tag { color: var(--changed); border-color: var(--changed); }
    li.kind-warning { color: #8a1c1c; }
    li.notification { font-family: system-ui, sans-serif; margin: .3rem 0 !important; }
    li.notification code { font-size: .92em; }
    pre.change { margin: .2rem 0 0; padding: .25rem .5rem; background: #f8f5ee; border: 1px dashed #b9a77a; font-size: .8rem; white-space: pre-wrap; }
    li.fact pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; color: #234; }
    li.note { font-style: italic; color: var(--muted); font-size: .85rem; }
    .differences { border: 1px solid var(--line); border-left: 4px solid var(--changed); border-radius: 4px; padding: .35rem .6rem; margin-bottom: .6rem; }
    .differences.none { border-left-color: var(--line); }
    .differences ul { margin: 0; padding-left: 1.1rem; font-size: .85rem; columns: 2 20rem; column-gap: 2rem; }
    .differences p { margin: 0; font-size: .85rem; color: var(--muted); }
    figure { margin: 0; }
    @media (min-width: 1051px) { .picture { position: sticky; top: 3.4rem; } }
    svg.diagram { display: block; width: 100%; height: auto; }
    svg.diagram text { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; font-size: 12px; fill: var(--ink); }
    svg.diagram .column-title { font-family: system-ui, sans-serif; font-size: 11px; text-transform: uppercase; letter-spacing: .08em; fill: var(--muted); }
    svg.diagram .title { font-weight: 700; font-size: 13px; }
    svg.diagram .subtitle, svg.diagram .dim { fill: var(--muted); }
    svg.diagram .imp, svg.diagram text.imp { fill: #5b3a00; }
    .node .box { stroke-width: 1.4; }
    .node.instance .box { fill: var(--instance); stroke: #1f5fa8; }
    .node.instance .header { fill: #cfe0f5; stroke: none; }
    .node.class .box { fill: var(--class); stroke: #6b5200; }
    .node.class .header { fill: #f1e2b3; stroke: none; }
    .node.metaclass .box { fill: var(--meta); stroke: #5b3f99; stroke-dasharray: 5 3; }
    .node.metaclass .header { fill: #ddd1f0; stroke: none; }
    .node.changed .box { stroke: var(--changed); stroke-width: 3.2; stroke-dasharray: none; }
    .badge rect { fill: var(--changed); }
    svg.diagram .badge text { fill: #fff; font-size: 10px; font-weight: 700; font-family: system-ui, sans-serif; }
    .row-mark { fill: var(--mark); }
    svg.diagram .row-tag { font-family: system-ui, sans-serif; font-size: 10px; font-weight: 700; fill: var(--changed); }
    .edge { fill: none; stroke-width: 1.6; }
    .edge.isa { stroke: #1f5fa8; stroke-dasharray: 6 4; }
    .edge.superclass { stroke: #333; }
    .edge.faint { stroke: #9aa7b8; stroke-width: 1.1; }
    .edge.changed { stroke: var(--changed); stroke-width: 3.4; }
    .edge.ghost { stroke: #8a8a8a; stroke-dasharray: 2 4; stroke-width: 1.6; }
    svg.diagram .edge-label { font-family: system-ui, sans-serif; font-size: 11px; fill: #1f5fa8; }
    svg.diagram .edge-label.superclass { fill: #333; }
    svg.diagram .edge-label.changed { fill: var(--changed); font-weight: 700; }
    svg.diagram .edge-label.ghost { fill: #777; font-style: italic; }
    footer { border-top: 1px solid var(--line); padding: .5rem 1rem 1rem; font-size: .85rem; color: var(--muted); }
    figcaption { font-size: .78rem; color: var(--muted); margin-top: .3rem; }
    .legend { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; align-items: center; margin: 0 0 .4rem; padding: 0; list-style: none; }
    .legend li { display: flex; align-items: center; gap: .35rem; }
    .legend svg { flex: none; }
    kbd { border: 1px solid #999; border-bottom-width: 2px; border-radius: 3px; padding: 0 .3rem; font-size: .8rem; background: #fafafa; }
    @media print {
      header.bar { position: static; }
      nav.controls, .keys { display: none; }
      .js .frame[hidden] { display: block; }
      .frame { break-before: page; }
      .frame:first-of-type { break-before: auto; }
      .columns { grid-template-columns: minmax(0, 1fr); }
      .picture { position: static; }
      pre.code, .node .box, .node .header, .row-mark, .badge rect, .step-number { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
    }

    """

  /// The arrowheads every diagram uses.
  static let markers = """
    <svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false">
    <defs>
    <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker>
    <marker id="arrow-changed" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c2410c"/></marker>
    <marker id="arrow-faint" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#8a8a8a"/></marker>
    </defs>
    </svg>
    """

  /// What the shapes and lines mean.
  static let legend = """
    <ul class="legend" aria-label="Legend">
    <li><svg width="34" height="18" aria-hidden="true"><rect x="1" y="1" width="32" height="16" rx="7" fill="#e6f0fb" stroke="#1f5fa8" stroke-width="1.4"/></svg>instance</li>
    <li><svg width="34" height="18" aria-hidden="true"><rect x="1" y="1" width="32" height="16" rx="2" fill="#fbf3dc" stroke="#6b5200" stroke-width="1.4"/></svg>class</li>
    <li><svg width="34" height="18" aria-hidden="true"><rect x="1" y="1" width="32" height="16" rx="2" fill="#efe9f8" stroke="#5b3f99" stroke-width="1.4" stroke-dasharray="5 3"/></svg>metaclass</li>
    <li><svg width="44" height="12" aria-hidden="true"><path d="M2,6 H40" stroke="#1f5fa8" stroke-width="1.6" stroke-dasharray="6 4" marker-end="url(#arrow)"/></svg>isa (object_getClass)</li>
    <li><svg width="44" height="12" aria-hidden="true"><path d="M2,6 H40" stroke="#333" stroke-width="1.6" marker-end="url(#arrow)"/></svg>superclass</li>
    <li><svg width="44" height="12" aria-hidden="true"><path d="M2,6 H40" stroke="#c2410c" stroke-width="3.4" marker-end="url(#arrow-changed)"/></svg>changed in this step (with a word: new, moved, IMP changed, cache flushed)</li>
    <li><svg width="44" height="12" aria-hidden="true"><path d="M2,6 H40" stroke="#8a8a8a" stroke-width="1.6" stroke-dasharray="2 4" marker-end="url(#arrow-faint)"/></svg>where an isa pointed before</li>
    <li>rows: <code>-selector  IMP</code> (a class's own methods, as <code>class_copyMethodList</code> lists them)</li>
    </ul>
    """

  static let script = #"""
    (function () {
      "use strict";
      document.documentElement.classList.add("js");
      var frames = Array.prototype.slice.call(document.querySelectorAll("section.frame"));
      var count = frames.length;
      var slider = document.getElementById("slider");
      var position = document.getElementById("position");
      var buttons = { first: document.getElementById("first"), back: document.getElementById("back"),
        forward: document.getElementById("forward"), last: document.getElementById("last") };
      var current = 0;
      var baseTitle = document.title;

      function requested() {
        var match = /(?:^#|&)step=(\d+)/.exec(window.location.hash);
        return match ? parseInt(match[1], 10) : 1;
      }

      function show(step, updateAddress) {
        if (count === 0) { return; }
        step = Math.min(Math.max(step, 1), count);
        current = step;
        frames.forEach(function (frame, index) { frame.hidden = index + 1 !== step; });
        slider.value = String(step);
        slider.setAttribute("aria-valuetext", "Step " + step + " of " + count);
        position.textContent = "Step " + step + " of " + count;
        buttons.first.disabled = buttons.back.disabled = step === 1;
        buttons.forward.disabled = buttons.last.disabled = step === count;
        document.title = "Step " + step + " · " + baseTitle;
        if (updateAddress && requested() !== step) {
          try { history.replaceState(null, "", "#step=" + step); } catch (e) { window.location.hash = "step=" + step; }
        }
      }

      buttons.first.addEventListener("click", function () { show(1, true); });
      buttons.back.addEventListener("click", function () { show(current - 1, true); });
      buttons.forward.addEventListener("click", function () { show(current + 1, true); });
      buttons.last.addEventListener("click", function () { show(count, true); });
      slider.addEventListener("input", function () { show(parseInt(slider.value, 10), true); });
      window.addEventListener("hashchange", function () { show(requested(), false); });
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) { return; }
        if (event.target === slider) { return; }  // the slider moves itself with the arrow keys
        var target = null;
        switch (event.key) {
          case "ArrowRight": case "PageDown": target = current + 1; break;
          case "ArrowLeft": case "PageUp": target = current - 1; break;
          case "Home": target = 1; break;
          case "End": target = count; break;
        }
        if (target !== null) { event.preventDefault(); show(target, true); }
      });
      show(requested(), false);
    })();

    """#
}
