// KVOController.Info.swift: one observation made through a controller.
//
// Docs: docs/kvocontroller.md#the-object-graph. Tests: Tests/KVOControllerTests/KVOControllerTests.swift,
// KVOControllerRaceTests.swift.
//
// Model: FB's `_FBKVOInfo`: the key path, options, how to call back (block, action, or the
// observer's own observeValueForKeyPath with a context) and where, plus an explicit state:
//   initial ──registered with KVO──► observing ──unobserve──► notObserving
//   initial ──unobserved before or while being registered──► notObserving
// Its address is the context the shared controller registers it under (FB: `context:info`).
// Everything below "Locking: the shared controller's lock" is read and written only under
// `SharedController.lock`; the rest is immutable.

import KVO
import MiniRuntime

extension KVOController {
  /// How an observation calls back.
  enum Target: Sendable {
    /// FB's block: gets the change with `FBKVONotificationKeyPathKey` added.
    case block(BlockBox)
    /// FB's action, sent to the observer with as many of (change, object) as it takes.
    case action(Selector)
    /// FB's fallback: the observer's own `observeValueForKeyPath:ofObject:change:context:`.
    case context(ObservationContext)
    /// A MiniKVO handler (typed key paths): gets Foundation's change and whether it is the
    /// Initial notification.
    case handler(HandlerBox)
  }

  /// A block, boxed so that it has an address to print (FB prints `block:%p`).
  final class BlockBox: Sendable {
    let block: Block
    init(_ block: @escaping Block) { self.block = block }
  }

  /// A handler: (observer, object, Foundation's change, key path, is Initial).
  final class HandlerBox: Sendable {
    let handler: @Sendable (Object, Object, Change, String, Bool) -> Void
    init(_ handler: @escaping @Sendable (Object, Object, Change, String, Bool) -> Void) { self.handler = handler }
  }

  /// The lifecycle of an info.
  ///
  /// Objective-C: `_FBKVOInfoState`
  enum State: Sendable {
    /// Created; not yet (fully) registered with KVO. The Initial notification arrives now.
    case initial
    /// Registered with KVO.
    case observing
    /// Unobserved: nothing is delivered any more, and nothing will be registered.
    case notObserving
  }

  /// The threads running one info's callback, once per nesting level, as a multiset. The first
  /// is kept inline: one callback at a time (the common case) touches no array.
  struct RunningThreads {
    /// A running thread, or `0` for none (no live thread is `0`).
    private var first: UInt = 0
    /// Any further ones (a nested or concurrent callback of the same info).
    private var more: [UInt] = []

    /// Every running thread, with repeats.
    var all: [UInt] { first == 0 ? [] : [first] + more }

    /// Adds one nesting level of `thread`.
    @inline(__always) mutating func insert(_ thread: UInt) {
      if first == 0 { first = thread } else { more.append(thread) }
    }

    /// Takes one nesting level of `thread` off.
    @inline(__always) mutating func remove(_ thread: UInt) {
      if more.isEmpty {
        if first == thread { first = 0 }  // the common case: no array touched
      } else if let index = more.lastIndex(of: thread) {
        more.remove(at: index)
      } else if first == thread {
        first = more.popLast() ?? 0
      }
    }

    /// Whether `thread` runs a callback of the info.
    func contains(_ thread: UInt) -> Bool { first == thread || more.contains(thread) }

    /// Whether a thread other than `thread` runs a callback of the info.
    func containsOther(than thread: UInt) -> Bool {
      (first != 0 && first != thread) || more.contains { $0 != thread }
    }
  }

  /// One observation: FB's `_FBKVOInfo`.
  final class Info: @unchecked Sendable, CustomStringConvertible {
    let keyPath: String
    let options: ObservingOptions
    let target: Target
    /// The block of a `.block` target, read on every notification without copying `target`.
    let block: Block?
    /// A block's key path as the extra entry its KVO registration is made with, so that every
    /// change KVO builds for it carries `FBKVONotificationKeyPathKey`; a notification then
    /// checks the entry by identity (`Change.carries`). `nil` for other targets.
    let keyPathEntry: ExtraChangeEntry?
    let delivery: CallbackDelivery
    /// Whether `delivery` is `.callerThread`: read on every notification, where matching the
    /// enum would copy (and then destroy) its executor existential.
    let callsBackOnCallerThread: Bool
    /// The observer callbacks go to (the controller's, held as the controller holds it, by an
    /// unowned count: MiniRuntime's UnownedObject.swift, decision 0018): nil once it is freed or
    /// deallocated. A try-retain: the caller owns the reference it answers.
    var observer: Object? { observerReference.load() }
    private let observerReference: UnownedObject
    /// The observed object, by identity: a notification for another object is not this info's.
    let objectID: ObjectIdentifier
    /// Made by `addCallback` (not deduplicated by key path).
    let isAdditional: Bool

    // The three below skip the dynamic exclusivity check: every access is under the shared
    // controller's lock, and the check would cost more than the rest of an admission.
    /// Locking: the shared controller's lock.
    @exclusivity(unchecked) var state = State.initial
    /// The threads running this info's callback now, once per nesting level. Locking: the
    /// shared controller's lock.
    @exclusivity(unchecked) var runningOn = RunningThreads()
    /// The thread registering this info while its Initial notification is still due (`0`
    /// when none is). Locking: the shared controller's lock.
    @exclusivity(unchecked) var initialDueOn: UInt = 0

    init(
      keyPath: String, options: ObservingOptions, target: Target, delivery: CallbackDelivery, observer: Object?,
      object: Object, isAdditional: Bool = false
    ) {
      self.keyPath = keyPath
      self.options = options
      self.target = target
      if case .block(let box) = target {
        block = box.block
        keyPathEntry = ExtraChangeEntry(.string(keyPath), forKey: .notificationKeyPath)
      } else {
        block = nil
        keyPathEntry = nil
      }
      self.delivery = delivery
      if case .callerThread = delivery { callsBackOnCallerThread = true } else { callsBackOnCallerThread = false }
      if let observer { observerReference = UnownedObject(observer) } else { observerReference = UnownedObject() }
      objectID = ObjectIdentifier(object)
      self.isAdditional = isAdditional
    }

    /// The context KVO carries for this info: its address.
    var context: ObservationContext { ObservationContext(identityOf: self) }

    /// Whether a thread other than `thread` is running this info's callback. Locking: the
    /// shared controller's lock.
    func isRunning(elsewhereThan thread: UInt) -> Bool { runningOn.containsOther(than: thread) }

    /// As FB's `-[_FBKVOInfo debugDescription]`:
    /// `<_FBKVOInfo:0x… keyPath:age options:NSKeyValueObservingOptionNew block:0x…>`.
    var description: String {
      var text = "<_FBKVOInfo:\(Object.address(of: self)) keyPath:\(keyPath)"
      if !options.isEmpty { text += " options:\(options.spelledOut)" }
      switch target {
      case .action(let selector): text += " action:\(selector.name)"
      case .context(let context): if context != .none { text += " context:\(context)" }
      case .block(let box): text += " block:\(Object.address(of: box))"
      case .handler(let box): text += " block:\(Object.address(of: box))"
      }
      return text + ">"
    }
  }
}
