#include "CFileMapping.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

enum { slot_count = 64 };

// NB: the signal handler reads these without a lock; `start` is stored last when a slot is taken
// and first when it is given back, so that the handler never sees a half-made range.
static struct {
    _Atomic uintptr_t start;
    _Atomic uintptr_t end;
    _Atomic int truncated;
} slots[slot_count];

static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t handler_once = PTHREAD_ONCE_INIT;
static struct sigaction previous_handler;
static uintptr_t page_size;

static void on_bus_error(int signal_number, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int slot = 0; slot < slot_count; slot++) {
        uintptr_t start = atomic_load(&slots[slot].start);
        if (start == 0 || address < start || address >= atomic_load(&slots[slot].end)) continue;
        // NB: a private zero page over the one that faulted; the faulting load runs again and reads 0.
        void *page = (void *)(address & ~(page_size - 1));
        if (mmap(page, page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) break;
        atomic_store(&slots[slot].truncated, 1);
        return;
    }
    // Not a page of ours: whoever handled SIGBUS before us does, or the default action ends the process.
    if ((previous_handler.sa_flags & SA_SIGINFO) && previous_handler.sa_sigaction != NULL) {
        previous_handler.sa_sigaction(signal_number, info, context);
    } else if (!(previous_handler.sa_flags & SA_SIGINFO) && previous_handler.sa_handler != SIG_DFL
               && previous_handler.sa_handler != SIG_IGN) {
        previous_handler.sa_handler(signal_number);
    } else {
        // NB: the faulting instruction runs again on return and faults under the default action.
        signal(signal_number, SIG_DFL);
    }
}

static void install_handler(void) {
    page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous_handler);
}

int rc_map_file(int fd, size_t size, const unsigned char **address) {
    pthread_once(&handler_once, install_handler);
    void *mapped = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (mapped == MAP_FAILED) return -1;
    pthread_mutex_lock(&slots_lock);
    for (int slot = 0; slot < slot_count; slot++) {
        if (atomic_load(&slots[slot].start) != 0) continue;
        atomic_store(&slots[slot].truncated, 0);
        atomic_store(&slots[slot].end, (uintptr_t)mapped + size);
        atomic_store(&slots[slot].start, (uintptr_t)mapped);
        pthread_mutex_unlock(&slots_lock);
        *address = mapped;
        return slot;
    }
    pthread_mutex_unlock(&slots_lock);
    munmap(mapped, size);
    errno = EMFILE;
    return -1;
}

void rc_unmap_file(int slot) {
    pthread_mutex_lock(&slots_lock);
    uintptr_t start = atomic_load(&slots[slot].start);
    uintptr_t end = atomic_load(&slots[slot].end);
    atomic_store(&slots[slot].start, 0);
    atomic_store(&slots[slot].end, 0);
    pthread_mutex_unlock(&slots_lock);
    munmap((void *)start, end - start);
}

int rc_mapping_was_truncated(int slot) { return atomic_load(&slots[slot].truncated); }
