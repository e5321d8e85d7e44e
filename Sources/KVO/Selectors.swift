// Selectors.swift: the selectors KVO sends on its hot paths, resolved once.
//
// Docs: docs/performance.md#the-set-path.
//
// A literal selector costs one lookup in the runtime's literal cache each time it is evaluated;
// these are evaluated once per process instead (what `@selector` costs in Objective-C: nothing).

import MiniRuntime

enum Selectors {
  static let observeValue: Selector = "observeValueForKeyPath:ofObject:change:context:"
  static let willChangeValueForKey: Selector = "willChangeValueForKey:"
  static let didChangeValueForKey: Selector = "didChangeValueForKey:"
  static let willChangeValuesAtIndexes: Selector = "willChange:valuesAtIndexes:forKey:"
  static let didChangeValuesAtIndexes: Selector = "didChange:valuesAtIndexes:forKey:"
  static let valueForKey: Selector = "valueForKey:"
  static let handleQueryWithUnboundKey: Selector = "handleQueryWithUnboundKey:"
  static let handleTakeValueForUnboundKey: Selector = "handleTakeValue:forUnboundKey:"
  static let unableToSetNilForKey: Selector = "unableToSetNilForKey:"
  static let setValueForKey: Selector = "setValue:forKey:"
  static let addObserver: Selector = "addObserver:forKeyPath:options:context:"
  static let removeObserver: Selector = "removeObserver:forKeyPath:"
  static let removeObserverWithContext: Selector = "removeObserver:forKeyPath:context:"
  static let observationInfo: Selector = "observationInfo"
  static let setObservationInfo: Selector = "setObservationInfo:"
  static let automaticallyNotifiesObserversForKey: Selector = "automaticallyNotifiesObserversForKey:"
  static let keyPathsForValuesAffectingValueForKey: Selector = "keyPathsForValuesAffectingValueForKey:"
}
