#ifndef SPATIALEVAL_CLAPACKE_SHIM_H
#define SPATIALEVAL_CLAPACKE_SHIM_H
#include <lapacke.h>

/// `lapack_int` is a macro type; Swift sees this typedef instead.
typedef lapack_int CLapackInt;

static inline int clapacke_col_major(void) { return LAPACK_COL_MAJOR; }
#endif
