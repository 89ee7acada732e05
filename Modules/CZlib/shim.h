#ifndef NEARBY_CZLIB_SHIM_H
#define NEARBY_CZLIB_SHIM_H
#include <zlib.h>
#endif
