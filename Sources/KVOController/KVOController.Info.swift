// KVOController.Info.swift: one observation made through a controller.
//
// Docs: docs/kvocontroller.md#the-object-graph. Tests: Tests/KVOControllerTests/KVOControllerTests.swift.
//
// Model: FB's `_FBKVOInfo`: the key path, options, how to call back (block, action, or the
// observer's own observeValueForKeyPath with a context) and where, plus an explicit state:
//   initial ──observe returned──► observing ──unobserve──► notObserving
//   initial ──unobserved during the initial callback──► notObserving (then removed at once)
// Infos are deduplicated per observed object by key path (FB hashes them by key path).
// `state` and `token` are guarded by the shared controller's lock.

import KVO
import MiniRuntime

extension KVOController {
  /// How an observation calls back.
  enum Callback: Sendable {
    case block(Block)
    case action(Selector)
    case context(ObservationContext)
  }

  /// The lifecycle of an info.
  ///
  /// Objective-C: `_FBKVOInfoState`
  enum State: Sendable {
    /// Created, not yet registered with KVO (an initial notification may already arrive).
    case initial
    /// Registered with KVO.
    case observing
    /// Unregistered; a notification that still arrives is dropped.
    case notObserving
  }

  /// One observation: FB's `_FBKVOInfo`.
  final class Info: @unchecked Sendable, CustomStringConvertible {
    weak let controller: KVOController?
    let keyPath: String
    let options: ObservingOptions
    let callback: Callback
    let delivery: CallbackDelivery
    /// Locking: the shared controller's lock.
    var state = State.initial
    /// The KVO registration while observing. Locking: the shared controller's lock.
    var token: ObservationToken?
    /// The context the shared controller registered this info under. Locking: the shared
    /// controller's lock.
    var context: ObservationContext?

    init(controller: KVOController, keyPath: String, options: ObservingOptions, callback: Callback, delivery: CallbackDelivery) {
      self.controller = controller
      self.keyPath = keyPath
      self.options = options
      self.callback = callback
      self.delivery = delivery
    }

    /// `<Info:0x… keyPath:age options:NSKeyValueObservingOptionNew block>` as FB prints it.
    var description: String {
      var text = "<_FBKVOInfo:\(Object.identity(of: self)) keyPath:\(keyPath)"
      if !options.isEmpty { text += " options:<\(options.spelledOut)>" }
      switch callback {
      case .block: text += " block"
      case .action(let selector): text += " action:\(selector.name)"
      case .context(let context): text += " context:\(context)"
      }
      return text + ">"
    }
  }
}

extension Object {
  /// `0x…` for any Swift object, as `%p` prints it.
  static func identity(of object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16)
  }
}
