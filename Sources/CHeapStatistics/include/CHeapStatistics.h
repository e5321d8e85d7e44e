// CHeapStatistics: heap bytes in use, for kvo-bench's memory-per-observation figure (K7m).
// The same measure the GNUstep peer uses (glibc's mallinfo2().uordblks); 0 elsewhere.
#include <stddef.h>

size_t heap_bytes_in_use(void);
