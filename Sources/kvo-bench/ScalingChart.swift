// ScalingChart.swift: the SVG that `kvo-bench --scaling --svg FILE` writes.
//
// Docs: docs/performance.md#how-cost-grows. One small panel per series, both axes logarithmic,
// so that a flat curve is horizontal, a linear one rises one decade per decade and a quadratic
// one two; dashed guides from the first point show "flat" and "linear" for comparison. Plain
// SVG text, no script, no font files, no plotting dependency.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

private let columns = 3
private let panelWidth = 320.0
private let panelHeight = 210.0
private let plotLeft = 52.0
private let plotRight = 12.0
private let plotTop = 40.0
private let plotBottom = 36.0

/// The chart of `results`, as a self-contained SVG document; `note` goes under the title.
func scalingChart(_ results: [ScalingResult], note: String) -> String {
  let rows = (results.count + columns - 1) / columns
  let width = Double(columns) * panelWidth
  let height = Double(rows) * panelHeight + 50
  var svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
    viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="10">
    <rect width="100%" height="100%" fill="white"/>
    <text x="10" y="20" font-size="14" font-weight="bold">kvo-bench --scaling: ns per operation as the work grows (log–log)</text>
    <text x="10" y="36" fill="#555">\(escaped(note)) Dashed: flat and linear from the first point.</text>

    """
  for (index, result) in results.enumerated() {
    let x = Double(index % columns) * panelWidth
    let y = 50 + Double(index / columns) * panelHeight
    svg += panel(result, x: x, y: y)
  }
  svg += "</svg>\n"
  return svg
}

/// One series' panel, its top left corner at (`x`, `y`).
private func panel(_ result: ScalingResult, x: Double, y: Double) -> String {
  let points = result.points.filter { $0.size > 0 && $0.nanoseconds > 0 && $0.nanoseconds.isFinite }
  guard let first = points.first, let last = points.last else { return "" }
  let left = x + plotLeft
  let right = x + panelWidth - plotRight
  let top = y + plotTop
  let bottom = y + panelHeight - plotBottom
  // x: the sizes' decades; y: whole decades around every value and both guides' ends.
  let xLow = log10(Double(first.size))
  let xHigh = max(log10(Double(last.size)), xLow + 1)
  let linearEnd = first.nanoseconds * Double(last.size) / Double(first.size)
  let values = points.map(\.nanoseconds) + [linearEnd]
  let yLow = (log10(values.min() ?? 1)).rounded(.down)
  let yHigh = max((log10(values.max() ?? 10)).rounded(.up), yLow + 1)
  func px(_ size: Double) -> Double { left + (log10(size) - xLow) / (xHigh - xLow) * (right - left) }
  func py(_ value: Double) -> Double { bottom - (log10(value) - yLow) / (yHigh - yLow) * (bottom - top) }

  var out = "<g>\n"
  out += text("\(result.series.id) \(result.series.title)", x: x + 10, y: y + 16, extra: "font-weight=\"bold\" font-size=\"11\"")
  out += text("expected: \(result.series.expected)", x: x + 10, y: y + 29, extra: "fill=\"#555\"")
  out += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(right - left))\" height=\"\(f(bottom - top))\" fill=\"none\" stroke=\"#999\"/>\n"
  var decade = yLow
  while decade <= yHigh {
    let lineY = py(pow10(decade))
    out += "<line x1=\"\(f(left))\" y1=\"\(f(lineY))\" x2=\"\(f(right))\" y2=\"\(f(lineY))\" stroke=\"#eee\"/>\n"
    out += text(nanoseconds(pow10(decade)), x: left - 4, y: lineY + 3, extra: "text-anchor=\"end\"")
    decade += 1
  }
  for point in points {
    let tickX = px(Double(point.size))
    out += "<line x1=\"\(f(tickX))\" y1=\"\(f(bottom))\" x2=\"\(f(tickX))\" y2=\"\(f(bottom + 4))\" stroke=\"#999\"/>\n"
    out += text(count(point.size), x: tickX, y: bottom + 14, extra: "text-anchor=\"middle\"")
  }
  out += text(result.series.size, x: (left + right) / 2, y: bottom + 28, extra: "text-anchor=\"middle\" fill=\"#555\"")
  // Guides: flat and linear from the first point.
  let startX = px(Double(first.size))
  let startY = py(first.nanoseconds)
  let endX = px(Double(last.size))
  out += "<line x1=\"\(f(startX))\" y1=\"\(f(startY))\" x2=\"\(f(endX))\" y2=\"\(f(startY))\" stroke=\"#aaa\" stroke-dasharray=\"4 3\"/>\n"
  out += "<line x1=\"\(f(startX))\" y1=\"\(f(startY))\" x2=\"\(f(endX))\" y2=\"\(f(py(linearEnd)))\" stroke=\"#aaa\" stroke-dasharray=\"4 3\"/>\n"
  let line = points.map { "\(f(px(Double($0.size)))),\(f(py($0.nanoseconds)))" }.joined(separator: " ")
  out += "<polyline points=\"\(line)\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\"/>\n"
  for point in points {
    out += "<circle cx=\"\(f(px(Double(point.size))))\" cy=\"\(f(py(point.nanoseconds)))\" r=\"3\" fill=\"#1f5fbf\">"
    out += "<title>\(count(point.size)): \(point.nanoseconds.formatted) ns</title></circle>\n"
  }
  return out + "</g>\n"
}

private func text(_ string: String, x: Double, y: Double, extra: String = "") -> String {
  "<text x=\"\(f(x))\" y=\"\(f(y))\" \(extra)>\(escaped(string))</text>\n"
}

private func escaped(_ string: String) -> String {
  var out = ""
  for character in string {
    switch character {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    default: out.append(character)
    }
  }
  return out
}

/// A coordinate with one decimal.
private func f(_ value: Double) -> String { String((value * 10).rounded() / 10) }

private func pow10(_ exponent: Double) -> Double { pow(10, exponent) }

/// 1, 10, 100, 1k, 10k, 1M.
private func count(_ size: Int) -> String {
  if size >= 1_000_000, size % 1_000_000 == 0 { return "\(size / 1_000_000)M" }
  if size >= 1_000, size % 1_000 == 0 { return "\(size / 1_000)k" }
  return String(size)
}

/// 10 ns, 1 µs, 1 ms.
private func nanoseconds(_ value: Double) -> String {
  if value >= 1_000_000 { return "\(Int((value / 1_000_000).rounded())) ms" }
  if value >= 1_000 { return "\(Int((value / 1_000).rounded())) µs" }
  if value >= 1 { return "\(Int(value.rounded())) ns" }
  return "\(value) ns"
}
