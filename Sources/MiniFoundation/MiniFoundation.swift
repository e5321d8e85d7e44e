// MiniFoundation.swift: Foundation's value and collection classes, as classes of MiniRuntime.
//
// Docs: docs/foundation.md. Tests: Tests/MiniFoundationTests.
//
// This module uses only MiniRuntime's public API, the way Foundation uses objc4, and sits
// between the runtime and KVO (docs/decisions/0005-foundation-classes-and-bridged-values.md).
// Importing it re-exports MiniRuntime; importing KVO re-exports both.

@_exported import MiniRuntime
