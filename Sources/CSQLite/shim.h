#ifndef SPATIALEVAL_CSQLITE_SHIM_H
#define SPATIALEVAL_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
