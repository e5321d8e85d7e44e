// HTMLPage.swift: a recording as one self-contained step-through HTML page.
//
// Docs: docs/recorder.md#the-page. Tests: Tests/RuntimeRecorderTests/HTMLPageTests.swift.
//
// Every frame is rendered up front as a `<section class="frame">` (statements with their events,
// what changed, the diagram); a small inline script shows one at a time and wires the buttons,
// the slider, the arrow keys and the `#step=N` address. Without the script, and when printed,
// every frame shows, one after another. Nothing is fetched: the stylesheet, the script and the
// SVG are all in the file, so it opens from disk.

/// Renders a recording as a page.
struct HTMLPage {
  let recording: Recording

  func render() -> String {
    let count = recording.frames.count
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="MiniKVO RuntimeRecorder">
      <title>\(Markup.escape(recording.title))</title>
      <style>
      \(Self.style)</style>
      </head>
      <body>
      \(Self.markers)
      <header class="bar">
      <h1>\(Markup.escape(recording.title))</h1>
      <nav class="controls" aria-label="Steps">
      <button type="button" id="first" aria-label="First step" title="First step (Home)">First</button>
      <button type="button" id="back" aria-label="Back one step" title="Back (←)">◀ Back</button>
      <input type="range" id="slider" min="1" max="\(max(count, 1))" value="1" step="1" aria-label="Step">
      <button type="button" id="forward" aria-label="Forward one step" title="Forward (→)">Forward ▶</button>
      <button type="button" id="last" aria-label="Last step" title="Last step (End)">Last</button>
      <span id="position" aria-live="polite">Step 1 of \(count)</span>
      </nav>
      </header>
      <main>

      """
    for frame in recording.frames { out += section(frame, of: count) }
    if recording.frames.isEmpty { out += "<p>This recording has no frames.</p>\n" }
    out += """
      </main>
      <footer>
      <p class="keys">Keys: <kbd>←</kbd> <kbd>→</kbd> (or <kbd>PgUp</kbd> <kbd>PgDn</kbd>) step back and forward, \
      <kbd>Home</kbd> <kbd>End</kbd> go to the first and last step. The address <code>#step=N</code> opens step N. \
      Made by MiniKVO's <code>RuntimeRecorder</code> from the runtime's own events and introspection.</p>
      </footer>
      <script>
      \(Self.script)</script>
      </body>
      </html>

      """
    return out
  }

  private func section(_ frame: Frame, of count: Int) -> String {
    let id = "step-\(frame.number)"
    return """
      <section class="frame" id="\(id)" data-step="\(frame.number)" aria-labelledby="\(id)-heading">
      <h2 id="\(id)-heading"><span class="step-number">Step \(frame.number) of \(count)</span> \
      <span class="step-title">\(Markup.escape(frame.title))</span></h2>
      <div class="columns">
      <div class="story">
      <h3>Code and runtime events</h3>
      \(story(frame))
      </div>
      <div class="picture">
      \(differences(frame))
      <figure>
      \(SVGDiagram(frame: frame).render(id: "\(id)-diagram"))
      <figcaption>\(Self.legend)</figcaption>
      </figure>
      </div>
      </div>
      </section>

      """
  }

  /// The statements, each with the events, facts and notes that followed it.
  private func story(_ frame: Frame) -> String {
    var groups: [(code: String?, items: [Frame.Entry])] = []
    for entry in frame.entries {
      if case .statement(let code) = entry {
        groups.append((code, []))
      } else {
        if groups.isEmpty { groups.append((nil, [])) }
        groups[groups.count - 1].items.append(entry)
      }
    }
    guard !groups.isEmpty else { return "<p class=\"empty\">Nothing ran in this step.</p>" }
    var out = "<ol class=\"statements\">\n"
    for group in groups {
      out += "<li class=\"statement\">"
      if let code = group.code { out += "<pre class=\"code\"><code>\(Markup.escape(code))</code></pre>" }
      if !group.items.isEmpty {
        out += "\n<ul class=\"events\">\n"
        for item in group.items { out += entry(item) }
        out += "</ul>"
      }
      out += "</li>\n"
    }
    return out + "</ol>"
  }

  private func entry(_ entry: Frame.Entry) -> String {
    switch entry {
    case .statement(let code): return "<li class=\"fact\"><code>\(Markup.escape(code))</code></li>\n"
    case .fact(let text): return "<li class=\"fact\"><pre>\(Markup.escape(text))</pre></li>\n"
    case .note(let text): return "<li class=\"note\">\(Markup.escape(text))</li>\n"
    case .event(let event): return Self.event(event)
    }
  }

  /// An event as a list item, classed by what it is about; a delivery shows its dictionary.
  static func event(_ event: RuntimeEvent) -> String {
    if case .observerNotified(let observer, let keyPath, let object, let change) = event {
      return """
        <li class="event notification"><span class="tag">change delivered</span> \
        to <code>\(Markup.escape(observer))</code> for <code>@"\(Markup.escape(keyPath))"</code> \
        of <code>\(Markup.escape(object))</code><pre class="change">\(Markup.escape(change))</pre></li>

        """
    }
    let kind = Self.kind(of: event)
    return "<li class=\"event kind-\(kind)\"><span class=\"tag\">\(kind)</span> \(Markup.escape(event.description))</li>\n"
  }

  /// A one-word category of an event, for its tag and style.
  static func kind(of event: RuntimeEvent) -> String {
    switch event {
    case .classAllocated, .classRegistered, .classDuplicated, .classDisposed, .superclassChanged: return "class"
    case .ivarAdded, .propertyAdded: return "ivar"
    case .methodAdded, .methodReplaced, .implementationsExchanged: return "method"
    case .cacheFlushed: return "cache"
    case .isaChanged: return "isa"
    case .objectDeallocated: return "dealloc"
    case .messageSent: return "send"
    case .diagnostic: return "warning"
    default: return "event"
    }
  }

  private func differences(_ frame: Frame) -> String {
    guard !frame.differences.isEmpty else {
      return "<div class=\"differences none\"><h3>What changed</h3><p>No change to the objects or classes drawn.</p></div>"
    }
    var out = "<div class=\"differences\"><h3>What changed</h3><ul>\n"
    let ordered = frame.differences.enumerated().sorted { (Self.rank($0.element), $0.offset) < (Self.rank($1.element), $1.offset) }
    for (_, difference) in ordered {
      out += "<li>\(Markup.escape(difference.description))</li>\n"
    }
    return out + "</ul></div>"
  }

  /// The order of the "what changed" list: isa moves first, the story of most steps.
  static func rank(_ difference: Difference) -> Int {
    switch difference {
    case .isaMoved: return 0
    case .classAdded, .classRemoved, .superclassChanged: return 1
    case .methodAdded, .implementationChanged: return 2
    case .instanceAdded, .instanceRemoved: return 3
    case .ivarChanged, .associationChanged: return 4
    case .cacheFlushed: return 5
    }
  }
}
