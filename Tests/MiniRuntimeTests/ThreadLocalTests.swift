// ThreadLocalTests.swift: an object per thread (ThreadLocal.swift).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct ThreadLocalTests {
  final class Counter: @unchecked Sendable {
    var value = 0
    let onDeinit: @Sendable () -> Void
    init(onDeinit: @escaping @Sendable () -> Void = {}) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
  }

  @Test func eachThreadHasItsOwnObject() throws {
    let local = ThreadLocal { Counter() }
    local.current.value = 7
    #expect(local.withCurrent { $0.value } == 7)
    let other = Locked<Int>(-1)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue(label: "other").async {
      other.withLock { $0 = local.current.value }
      done.signal()
    }
    done.wait()
    #expect(other.withLock { $0 } == 0)
    #expect(local.current.value == 7)
  }

  @Test func currentIfMadeIsNilUntilTheThreadAsks() {
    let local = ThreadLocal { Counter() }
    let answers = Locked<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
    DispatchQueue(label: "fresh").async {
      answers.withLock { $0.append(local.currentIfMade == nil) }
      _ = local.current
      answers.withLock { $0.append(local.currentIfMade == nil) }
      done.signal()
    }
    done.wait()
    #expect(answers.withLock { $0 } == [true, false])
  }

  @Test func aThreadsObjectIsReleasedWhenTheThreadEnds() {
    let freed = Locked<Int>(0)
    let local = ThreadLocal { Counter { freed.withLock { $0 += 1 } } }
    let thread = JoinedThread { _ = local.current }
    thread.startAndJoin()
    #expect(freed.withLock { $0 } == 1)
  }
}
