// KVOController+Description.swift: a controller described as FBKVOController prints itself.
//
// Docs: docs/kvocontroller.md#description. Tests: Tests/KVOControllerTests/KVOControllerTests.swift.
//
// FB overrides only `-debugDescription`, so `-description` is NSObject's `<FBKVOController: %p>`.
// FB's `-debugDescription`: `<FBKVOController:%p observer:<%@:%p>`, then, when something is
// observed, a newline and two spaces and, per observed object, `%@ -> %@` (the object's
// `-description` and an NSArray of its infos' descriptions), then `>`. The entries are copied
// under the controller's lock; the messages (`class`, `description`: user code) are sent after.

import KVO
import MiniRuntime

extension KVOController: CustomDebugStringConvertible {
  /// The controller and its address, as NSObject's `-description` prints it (FB does not
  /// override it): `<FBKVOController: 0x…>`, what `print` and string interpolation show.
  ///
  /// Objective-C: `-[NSObject description]` of an `FBKVOController`
  public var description: String { "<FBKVOController: \(Object.address(of: self))>" }

  /// The controller, its observer, and per observed object its infos, as FB prints them (what
  /// `po`, `debugPrint` and `String(reflecting:)` show).
  ///
  /// ```
  /// <FBKVOController:0x… observer:<Watcher:0x…>
  ///   <Person: 0x…> -> (
  ///     "<_FBKVOInfo:0x… keyPath:age options:NSKeyValueObservingOptionNew|NSKeyValueObservingOptionOld block:0x…>"
  /// )>
  /// ```
  ///
  /// Objective-C: `-[FBKVOController debugDescription]`
  public var debugDescription: String {
    let observer = self.observer
    let observerClass = observer.map { (try? Runtime.msgSend($0, "class").classValue?.name) ?? $0.isa.name }
    var text = "<FBKVOController:\(Object.address(of: self)) observer:<\(observerClass ?? "(null)"):\(observer?.address ?? "0x0")>"
    let listed = lock.withLock {
      entries.values.sorted { $0.ordinal < $1.ordinal }.compactMap { entry in
        entry.object.map { ($0, entry.infos.map(\.description)) }
      }
    }
    if !listed.isEmpty { text += "\n  " }
    for (object, infos) in listed {
      // call-out: the object's -description, no lock held
      let objectText = (try? Runtime.msgSend(object, "description").stringValue) ?? object.description
      text += "\(objectText) -> \(Self.arrayDescription(infos))"
    }
    return text + ">"
  }

  /// An array of strings as `NSArray`'s `-description` prints it: one quoted element a line.
  static func arrayDescription(_ strings: [String]) -> String {
    let lines = strings.map { string in
      var quoted = "    \""
      for character in string {
        if character == "\"" || character == "\\" { quoted.append("\\") }
        quoted.append(character)
      }
      return quoted + "\""
    }
    return "(\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + ")"
  }
}
