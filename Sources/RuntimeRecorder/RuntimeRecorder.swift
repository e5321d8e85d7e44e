// RuntimeRecorder.swift: the module's re-export.
//
// Docs: docs/recorder.md. Tests: Tests/RuntimeRecorderTests/RecorderTests.swift.
//
// `import RuntimeRecorder` is enough to record a story: it re-exports KVO (and so MiniRuntime),
// whose types the recorder's frames carry (runtime events, KVO's change dictionaries).

@_exported import KVO
