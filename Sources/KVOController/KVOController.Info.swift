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
// `SharedController.lock`, but for `firstRunning`, which the thread that set it clears without
// the lock; the rest is immutable.

import KVO
import MiniRuntime
import Synchronization

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
    /// A thread running this info's callback now (`0` for none: no live thread is `0`), the
    /// one slot a notification fills when no other callback of the info runs. Set only under
    /// the shared controller's lock, by the admission; cleared without it, by the same thread
    /// when its callback returns (sequentially consistent, so that it and the waiter count it
    /// reads next never both miss the other: SharedController+Delivery.swift). Every reader
    /// holds the lock.
    let firstRunning = Atomic<UInt>(0)
    /// Any further threads running this info's callback (a nested or concurrent callback of
    /// the same info), once per nesting level. Locking: the shared controller's lock.
    @exclusivity(unchecked) var moreRunning: [UInt] = []
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

    /// Whether `change` is one KVO built with this info's `keyPathEntry` (by identity; `false`
    /// when the info has none). Read here, the entry is borrowed from the info, not retained.
    @inline(__always) func keyPathIsCarried(by change: Change) -> Bool {
      guard let keyPathEntry else { return false }
      return change.carries(keyPathEntry)
    }

    /// The context KVO carries for this info: its address.
    var context: ObservationContext { ObservationContext(identityOf: self) }

    /// Records one nesting level of `thread` running the callback, and answers whether it took
    /// the first slot (then `finishInline(on:)` takes it off without the lock). Locking: the
    /// shared controller's lock.
    @inline(__always) func startRunning(on thread: UInt) -> Bool {
      guard firstRunning.load(ordering: .relaxed) == 0 else {
        moreRunning.append(thread)
        return false
      }
      firstRunning.store(thread, ordering: .relaxed)  // published to readers by the lock's release
      return true
    }

    /// Takes the calling thread off the first slot, which its admission filled. No lock.
    @inline(__always) func finishInline() { firstRunning.store(0, ordering: .sequentiallyConsistent) }

    /// Takes one nesting level of `thread` off the further running threads. Locking: the shared
    /// controller's lock.
    func finishMore(on thread: UInt) {
      if let index = moreRunning.lastIndex(of: thread) { moreRunning.remove(at: index) }
    }

    /// Every thread running this info's callback, with repeats. Locking: the shared controller's
    /// lock.
    var runningThreads: [UInt] {
      let first = firstRunning.load(ordering: .sequentiallyConsistent)
      return first == 0 ? moreRunning : [first] + moreRunning
    }

    /// Whether `thread` runs a callback of the info. Locking: the shared controller's lock.
    func isRunning(on thread: UInt) -> Bool {
      firstRunning.load(ordering: .sequentiallyConsistent) == thread || moreRunning.contains(thread)
    }

    /// Whether any thread runs a callback of the info. Locking: the shared controller's lock.
    var isRunningAnywhere: Bool { firstRunning.load(ordering: .sequentiallyConsistent) != 0 || !moreRunning.isEmpty }

    /// Whether a thread other than `thread` is running this info's callback. Locking: the
    /// shared controller's lock (the first slot may be cleared meanwhile: an answer "yes" is
    /// then checked again after the waiter count was raised).
    func isRunning(elsewhereThan thread: UInt) -> Bool {
      let first = firstRunning.load(ordering: .sequentiallyConsistent)
      return (first != 0 && first != thread) || moreRunning.contains { $0 != thread }
    }

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
