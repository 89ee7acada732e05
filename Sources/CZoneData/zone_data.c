// zones.bin inside the binary, so `nearby` finds its zone outlines wherever it is copied: the assembler
// includes the file's bytes (.incbin) in a read-only section. Its path comes from Package.swift
// (NEARBY_ZONE_DATA, an absolute path: .incbin searches neither this folder nor the -I folders reliably).
// SwiftPM recompiles this file when a header it includes changes, not when the included data does:
// scripts/make-zone-data rewrites zones.digest.h with the data's size and SHA-256 each time.
#include "zone_data.h"
#include "zones.digest.h"

#ifndef NEARBY_ZONE_DATA
#error "NEARBY_ZONE_DATA: Package.swift names zones.bin's path"
#endif
#if !defined(__ELF__)
#error "zones.bin is embedded with ELF section directives"
#endif

__asm__(
    "    .section .rodata.nearby_zone_data,\"a\",@progbits\n"
    "    .balign 16\n"
    "    .globl nearby_zone_data_start\n"
    "    .hidden nearby_zone_data_start\n"
    "nearby_zone_data_start:\n"
    "    .incbin \"" NEARBY_ZONE_DATA "\"\n"
    "    .globl nearby_zone_data_end\n"
    "    .hidden nearby_zone_data_end\n"
    "nearby_zone_data_end:\n"
    "    .previous\n");

extern const unsigned char nearby_zone_data_start[];
extern const unsigned char nearby_zone_data_end[];

const unsigned char *nearby_zone_data(void) {
    return nearby_zone_data_size() ? nearby_zone_data_start : NULL;
}

size_t nearby_zone_data_size(void) {
    size_t size = (size_t)(nearby_zone_data_end - nearby_zone_data_start);
    return size == NEARBY_ZONE_DATA_SIZE ? size : 0;
}
