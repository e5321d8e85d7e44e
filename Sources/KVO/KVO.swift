// KVO.swift: the KVO module: key-value coding and key-value observing on MiniRuntime.
//
// Docs: docs/kvo.md. Tests: Tests/KVOTests.
//
// This module uses only MiniRuntime's and MiniFoundation's public API, the way Foundation's
// key-value coding uses objc4 and Foundation's collections. Importing it re-exports both.

@_exported import MiniFoundation
@_exported import MiniRuntime
