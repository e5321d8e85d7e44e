// JoinedThread.swift: a plain pthread a test starts and joins, so it can wait for the thread to
// end and its thread-specific slots to be destroyed (ThreadLocalTests, ManualRetainReleaseTests).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain pthread, so the test can wait for the thread to end (and its slots to be destroyed).
final class JoinedThread: @unchecked Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }

  #if canImport(Darwin)
    private var handle: pthread_t?
  #else
    private var handle = pthread_t()
  #endif

  func startAndJoin() {
    start()
    join()
  }

  /// Starts the thread; the test must call ``join()`` before it ends.
  func start() {
    let context = Unmanaged.passRetained(self).toOpaque()
    pthread_create(&handle, nil, { pointer in
      #if canImport(Darwin)
        let thread = Unmanaged<JoinedThread>.fromOpaque(pointer).takeRetainedValue()
      #else
        let thread = Unmanaged<JoinedThread>.fromOpaque(pointer!).takeRetainedValue()
      #endif
      thread.body()
      return nil
    }, context)
  }

  /// Waits for the thread ``start()`` started to end.
  func join() {
    #if canImport(Darwin)
      pthread_join(handle!, nil)
    #else
      pthread_join(handle, nil)
    #endif
  }
}
