#ifndef RULECHECK_CFILEMAPPING_H
#define RULECHECK_CFILEMAPPING_H

#include <stddef.h>

/// Maps the first `size` bytes of the open file `fd` read-only and privately, so that a huge spec
/// file is read through the page cache and never copied whole.
///
/// A mapped file can shrink while it is read (another program truncates it); touching a page past
/// its new end raises SIGBUS, which would kill the process. A page of a mapping made here that
/// faults so reads as zeros instead, and the mapping is marked truncated
/// (`rc_mapping_was_truncated`) so that its reader reports the file as changed.
///
/// Returns a slot (0 or more) and sets `*address`, or -1 with `errno` set when the file cannot be
/// mapped or every slot is taken: the caller then reads the file another way.
int rc_map_file(int fd, size_t size, const unsigned char *_Nullable *_Nonnull address);

/// Unmaps the mapping of `slot`.
void rc_unmap_file(int slot);

/// Whether a page of the mapping of `slot` faulted because the file shrank.
int rc_mapping_was_truncated(int slot);

#endif
