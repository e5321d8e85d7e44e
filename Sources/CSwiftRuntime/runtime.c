// CSwiftRuntime has no code of its own: the functions its header declares are the Swift
// runtime's (libswiftCore). This file exists because a C target needs one source file.
#include "CSwiftRuntime.h"
