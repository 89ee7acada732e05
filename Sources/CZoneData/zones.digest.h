// Written by scripts/make-zone-data with zones.bin: a changed file here compiles the new data in.
#define NEARBY_ZONE_DATA_SIZE 2501283u
#define NEARBY_ZONE_DATA_SHA256 "c4a5a3e5657dc15609d91ae6d5824c335873f1bffcd6d633a1746c26111ecafe"
