// KVO.swift: the KVO module: key-value coding and key-value observing on MiniRuntime.
//
// Docs: docs/kvo.md. Tests: Tests/KVOTests.
//
// This module uses only MiniRuntime's public API, the way Foundation uses objc4. Importing it
// re-exports MiniRuntime.

@_exported import MiniRuntime
