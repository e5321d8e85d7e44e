// WeakReferenceTests.swift: zeroing weak references to runtime objects (WeakReference.swift).

import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct WeakReferenceTests {
  @Test func weakReferenceReadsObjectWhileAlive() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let reference = WeakReference(ann)
    #expect(reference.object === ann)
    #expect(WeakReference<Object>(nil).object == nil)
    try runtime.checkInvariants()
  }

  @Test func weakReferenceReadsNilAfterRelease() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var ann: Object? = try new(person, in: runtime)
    let reference = WeakReference(ann)
    #expect(reference.object != nil)
    ann = nil
    #expect(reference.object == nil)
    #expect(person.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func weakReferenceReadsNilInsideDealloc() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let box = Box<WeakReference<Object>?>(nil)
    let seenInDealloc = Recorder<Bool>()
    try person.addMethod("dealloc", types: "v16@0:8") { _, _, _ in
      seenInDealloc.append(box.value?.object == nil)
      return .nil
    }
    do {
      let ann = try new(person, in: runtime)
      box.value = WeakReference(ann)
    }
    #expect(seenInDealloc.all == [true], "a deallocating object is already nil to weak readers, as objc_loadWeak")
    try runtime.checkInvariants()
  }

  @Test func concurrentReadsWhileObjectIsReleasedNeverCrash() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    for _ in 0..<20 {
      let strong = Box<Object?>(try new(person, in: runtime))
      let reference = WeakReference(strong.value)
      let identity = ObjectIdentifier(strong.value!)
      let surprises = Recorder<String>()
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        if index == 0 {
          strong.value = nil  // the last strong reference goes: dealloc runs on this thread
          return
        }
        for _ in 0..<2_000 {
          if let object = reference.object {
            if ObjectIdentifier(object) != identity { surprises.append("a different object") }
            _ = try? runtime.msgSend(object, "age")
          }
        }
      }
      #expect(surprises.all.isEmpty)
      #expect(reference.object == nil)
    }
    #expect(person.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }
}
