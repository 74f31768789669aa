#ifndef DIGRAPH_CRASH_REPORT_H
#define DIGRAPH_CRASH_REPORT_H

#include <stddef.h>

/// Installs the crash report for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT and SIGFPE: the
/// handler writes, with write(2) only, the line the crashing thread set last
/// (`digraph: internal error while reading FILE`, or `digraph: internal error` when it set none)
/// and `advice`, then dies of the signal under its default action. Gives the calling thread an
/// alternate signal stack. Returns 0, or -1 when a handler could not be installed. Once only:
/// later calls do nothing.
int digraph_crash_install(const char *advice);

/// Gives the calling thread an alternate signal stack, so that the handler still runs when the
/// thread overflows its own. Does nothing before digraph_crash_install, or when the thread has
/// one already.
void digraph_crash_thread_begin(void);

/// Takes back the alternate stack digraph_crash_thread_begin gave the calling thread, and
/// forgets its record. Call before the thread ends.
void digraph_crash_thread_end(void);

/// What the calling thread reads from now on: the handler names `path` (its first `length`
/// bytes, not NUL-terminated) if the thread crashes. NULL clears it. Does nothing before
/// digraph_crash_install.
void digraph_crash_set_file(const char *path, size_t length);

#endif
