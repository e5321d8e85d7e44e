// CSwiftRuntime: three entry points of the Swift runtime that have no Swift spelling, declared
// as the runtime declares them (swift/Runtime/HeapObject.h), for MiniRuntime's
// UnownedObject.swift, which holds KVO's observers by an unowned count and loads them with a
// try-retain (docs/decisions/0018-observers-without-weak.md). Swift reserves these names for
// `@_silgen_name`, so they are declared here, in C, with the runtime's C calling convention.
#include <stdbool.h>

/// Adds one unowned count to a Swift object; returns it.
void *swift_unownedRetain(void *object);

/// Gives one unowned count back; the last one frees the memory of an object whose deinit ran.
void swift_unownedRelease(void *object);

/// Adds one strong count unless the object's deinit has begun: answers the object if it did,
/// NULL if not. (This toolchain's libswiftCore returns the pointer, not a bool: its code ends
/// `mov %rdi,%rax` on success. Declared as bool, Swift reads bit 0 of a 16-byte-aligned
/// address, always 0, so every live object loaded as nil.)
void *swift_tryRetain(void *object);
