// ObservingOptions+Description.swift: options spelled out, one bit at a time, as FB does.
//
// Docs: docs/kvocontroller.md#description. Tests: Tests/KVOControllerTests/KVOControllerTests.swift.

import KVO

extension ObservingOptions {
  /// The options decoded bit by bit, lowest first, with Foundation's constant names:
  /// `NSKeyValueObservingOptionNew|NSKeyValueObservingOptionOld`; empty for no options.
  ///
  /// Objective-C: `describe_options` in FBKVOController.m
  public var spelledOut: String {
    var remaining = rawValue
    var names: [String] = []
    while remaining != 0 {
      let lowest = remaining & (~remaining &+ 1)
      remaining &= ~lowest
      switch ObservingOptions(rawValue: lowest) {
      case .new: names.append("NSKeyValueObservingOptionNew")
      case .old: names.append("NSKeyValueObservingOptionOld")
      case .initial: names.append("NSKeyValueObservingOptionInitial")
      case .prior: names.append("NSKeyValueObservingOptionPrior")
      default: names.append("0x" + String(lowest, radix: 16))
      }
    }
    return names.joined(separator: "|")
  }
}

extension ChangeKey {
  /// The observed key path, added to every change a KVOController delivers.
  ///
  /// Objective-C: `FBKVONotificationKeyPathKey`
  public static let notificationKeyPath = ChangeKey("FBKVONotificationKeyPathKey")
}
