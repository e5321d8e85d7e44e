// KVO.swift: key-value coding and observing on MiniRuntime (filled by issue 3).
@_exported import MiniRuntime
