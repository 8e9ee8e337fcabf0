#include <chipmunk/chipmunk.h>
#include <stdio.h>

/* C's `stdout`, for ChipmunkBanner: Swift 6 sees the global `stdout` as shared mutable state and refuses to read it;
   the stream it names never changes in this process, so reading it through a function is safe. */
static inline FILE *kinetic_standard_output(void) { return stdout; }
