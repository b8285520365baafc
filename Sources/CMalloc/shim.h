#ifndef SPATIALEVAL_CMALLOC_SHIM_H
#define SPATIALEVAL_CMALLOC_SHIM_H
/* glibc's allocator tuning (mallopt), imported by the spatial-eval executable only. */
#include <malloc.h>
#endif
