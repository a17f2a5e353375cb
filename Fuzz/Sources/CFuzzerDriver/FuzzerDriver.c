#include "FuzzerDriver.h"
#include <stdlib.h>

// NB: -sanitize=fuzzer links libFuzzer's own main, which names this function, but SwiftPM points
// `main` at the target's @main, which passes its callback to LLVMFuzzerRunDriver instead.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    abort();
}
