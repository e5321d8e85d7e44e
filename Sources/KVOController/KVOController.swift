// KVOController.swift: FBKVOController's design on the KVO module (filled by issue 4).
@_exported import KVO
