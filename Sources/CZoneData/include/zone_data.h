#ifndef NEARBY_ZONE_DATA_H
#define NEARBY_ZONE_DATA_H

#include <stddef.h>

/// The bytes of zones.bin (scripts/make-zone-data), linked into the binary: read-only, alive for the whole
/// process, never copied. NULL when the build linked data of another size than zones.digest.h names.
const unsigned char *nearby_zone_data(void);
/// Their count; 0 with NULL above.
size_t nearby_zone_data_size(void);

#endif
