// kvo-tour: a first look at the runtime (the full guided tour arrives with issue 5).
import MiniRuntime

let runtime = Runtime()
do {
  let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
  try person.synthesizeProperty("age", type: .longLong)
  try runtime.registerClassPair(person)
  let ann = try runtime.msgSend(person, "new")
  try runtime.msgSend(ann.objectValue, "setAge:", 42)
  print(person.dump())
  print("[ann age] =", try runtime.msgSend(ann.objectValue, "age"))
  print("object_getClass(ann) =", ann.objectValue?.isa.name ?? "nil")
} catch {
  print("error:", error)
}
