// SharedController.swift: the one place every controller notification passes through.
//
// Docs: docs/kvocontroller.md#the-shared-controller. Tests:
// Tests/KVOControllerTests/KVOControllerTests.swift.
//
// Model: FB's `_FBKVOSharedController`, one per runtime (FB has one per process). It registers
// each info with KVO under a context unique to that info and keeps a table from context to info,
// holding infos weakly. A notification arrives with its context; the shared controller maps it
// back to the info, drops it if the info was unregistered meanwhile (or its controller or
// observer is gone), adds the key path to the change and calls back as the info says, on the
// info's executor. The KVO registration is a closure observation, so when a non-retained
// observed object is freed its registrations end silently (KeyValueObserving.swift).
//
// Lock: `state` guards the table and every info's `state` and `token`. Callbacks and KVO calls
// happen after it is released.

import KVO
import MiniRuntime
import Synchronization

final class SharedController: Sendable {
  private struct State {
    var infos: [ObservationContext: WeakInfo] = [:]
  }

  private struct WeakInfo {
    weak var info: KVOController.Info?
  }

  private static let associationKey = AssociationKey("MiniKVO.FBKVOSharedController")
  private static let creationLock = Lock()

  private let state = Locked(State())
  private let nextContext = Atomic<UInt>(1)

  /// The shared controller of `runtime`, made on first use.
  static func of(_ runtime: Runtime) -> SharedController {
    if let existing = runtime.rootClass.associatedObject(forKey: associationKey).swiftObject(as: SharedController.self) {
      return existing
    }
    return creationLock.withLock {
      if let existing = runtime.rootClass.associatedObject(forKey: associationKey).swiftObject(as: SharedController.self) {
        return existing
      }
      let shared = SharedController()
      // Cannot fail: a Swift object with the retain policy is always accepted.
      try? runtime.rootClass.setAssociatedObject(.swiftObject(shared), forKey: associationKey, policy: .retain)
      return shared
    }
  }

  /// Registers `info` with KVO on `object`.
  ///
  /// Objective-C: `-[_FBKVOSharedController observe:info:]`
  func observe(_ object: Object, _ info: KVOController.Info) throws {
    let context = ObservationContext(rawValue: nextContext.wrappingAdd(1, ordering: .relaxed).oldValue)
    state.withLock { state in
      state.infos[context] = WeakInfo(info: info)
      info.context = context
    }
    let token: ObservationToken
    do {
      token = try object.observe(info.keyPath, options: info.options) { [weak self] observed, change in
        self?.observeValue(context: context, object: observed, change: change)
      }
    } catch {
      state.withLock { state in
        state.infos[context] = nil
        info.state = .notObserving
      }
      throw error
    }
    let unobservedDuringInitial = state.withLock { _ -> Bool in
      guard info.state == .initial else { return true }
      info.state = .observing
      info.token = token
      return false
    }
    if unobservedDuringInitial { token.invalidate() }
  }

  /// Unregisters `info`; a notification already on its way is dropped.
  ///
  /// Objective-C: `-[_FBKVOSharedController unobserve:info:]`
  func unobserve(_ info: KVOController.Info) {
    let token = state.withLock { state -> ObservationToken? in
      if let context = info.context { state.infos[context] = nil }
      let token = info.token
      info.token = nil
      info.state = .notObserving
      return token
    }
    token?.invalidate()
  }

  /// Maps a notification back to its info and calls back.
  ///
  /// Objective-C: `-[_FBKVOSharedController observeValueForKeyPath:ofObject:change:context:]`
  private func observeValue(context: ObservationContext, object: Object, change: Change) {
    guard let info = state.withLock({ $0.infos[context]?.info }) else { return }  // unregistered: dropped
    switch info.delivery {
    case .callerThread:
      deliver(info, context: context, object: object, change: change)
    case .executor(let executor):
      executor.execute { [weak self] in self?.deliver(info, context: context, object: object, change: change) }
    }
  }

  private func deliver(_ info: KVOController.Info, context: ObservationContext, object: Object, change: Change) {
    // Checked again at delivery time: an executor may run this after an unobserve.
    guard state.withLock({ $0.infos[context]?.info === info }), let controller = info.controller,
      let observer = controller.observer
    else { return }
    let change = change.adding(.string(info.keyPath), forKey: .notificationKeyPath)
    do {
      switch info.callback {
      case .block(let block):
        block(observer, object, change)  // call-out: the user's block, no lock held
      case .action(let action):
        try Runtime.msgSend(observer, action, .swiftObject(change), .object(object))
      case .context(let userContext):
        try Runtime.msgSend(
          observer, "observeValueForKeyPath:ofObject:change:context:",
          arguments: [.string(info.keyPath), .object(object), .swiftObject(change), userContext.rawValue == 0 ? .nil : .pointer(userContext.rawValue)])
      }
    } catch {
      observer.runtime?.emit(
        .diagnostic(subsystem: "KVOController", message: "callback for \"\(info.keyPath)\" of \(object) threw: \(error)"))
    }
  }

  /// The number of infos currently registered (for tests and descriptions).
  var registeredCount: Int { state.withLock { $0.infos.values.filter { $0.info != nil }.count } }
}
