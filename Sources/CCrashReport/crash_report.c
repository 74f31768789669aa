// The crash report: see crash_report.h. Everything the handler touches is made before a crash
// can happen (the advice at installation, each thread's line when it starts a file), so the
// handler only reads memory and calls write(2), signal(2) and raise(3), which are
// async-signal-safe; nothing in it allocates, locks or runs Swift code.
#define _GNU_SOURCE
#include "crash_report.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LINE_CAPACITY 4096

static const char generic_line[] = "digraph: internal error\n";
static const char line_prefix[] = "digraph: internal error while reading ";

/// The calling thread's line, formatted when it starts a file.
struct record {
    /// Bytes of `line` to write; 0 while the line is rewritten or when there is none.
    volatile sig_atomic_t length;
    char line[LINE_CAPACITY];
};

/// Initial-exec: read from the handler with a plain load, never through __tls_get_addr.
static __thread struct record *current_record __attribute__((tls_model("initial-exec")));
static __thread void *alternate_stack __attribute__((tls_model("initial-exec")));

static char *advice_text;
static size_t advice_length;
static atomic_int installed;

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};

static void write_all(const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(STDERR_FILENO, bytes, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        count -= (size_t)written;
    }
}

static void handler(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    int saved = errno;
    struct record *record = current_record;
    size_t length = record ? (size_t)record->length : 0;
    if (length > 0) {
        write_all(record->line, length);
    } else {
        write_all(generic_line, sizeof generic_line - 1);
    }
    if (advice_text) write_all(advice_text, advice_length);
    // SA_RESETHAND has put back the default action; the signal raised here is delivered when the
    // handler returns (a fault would also come back by itself), and ends the process as it
    // would have without the handler.
    signal(signal_number, SIG_DFL);
    raise(signal_number);
    errno = saved;
}

static size_t stack_size(void) {
    size_t size = 64 * 1024;
#ifdef _SC_SIGSTKSZ
    // glibc 2.34 and later: the signal frame's size depends on the processor (AVX-512 state).
    long minimum = sysconf(_SC_SIGSTKSZ);
    if (minimum > 0 && (size_t)minimum * 4 > size) size = (size_t)minimum * 4;
#endif
    if (size < (size_t)SIGSTKSZ * 4) size = (size_t)SIGSTKSZ * 4;
    return size;
}

void digraph_crash_thread_begin(void) {
    if (!atomic_load(&installed) || alternate_stack) return;
    size_t size = stack_size();
    void *memory = malloc(size);
    if (!memory) return;
    stack_t stack = {.ss_sp = memory, .ss_size = size, .ss_flags = 0};
    if (sigaltstack(&stack, NULL) != 0) {
        free(memory);
        return;
    }
    alternate_stack = memory;
}

void digraph_crash_thread_end(void) {
    struct record *record = current_record;
    current_record = NULL;
    free(record);
    if (!alternate_stack) return;
    stack_t disable = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};
    if (sigaltstack(&disable, NULL) == 0) {
        free(alternate_stack);
        alternate_stack = NULL;
    }
}

void digraph_crash_set_file(const char *path, size_t length) {
    if (!atomic_load(&installed)) return;
    struct record *record = current_record;
    if (!path) {
        if (record) record->length = 0;
        return;
    }
    if (!record) {
        record = calloc(1, sizeof *record);
        if (!record) return;
        current_record = record;
    }
    record->length = 0;
    size_t prefix = sizeof line_prefix - 1;
    // Room for the newline; a longer path is cut (the handler writes whatever the line holds).
    size_t room = LINE_CAPACITY - prefix - 1;
    if (length > room) length = room;
    memcpy(record->line, line_prefix, prefix);
    memcpy(record->line + prefix, path, length);
    record->line[prefix + length] = '\n';
    atomic_signal_fence(memory_order_seq_cst);
    record->length = (sig_atomic_t)(prefix + length + 1);
}

int digraph_crash_install(const char *advice) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return 0;
    if (advice) {
        advice_length = strlen(advice);
        advice_text = malloc(advice_length);
        if (advice_text) {
            memcpy(advice_text, advice, advice_length);
        } else {
            advice_length = 0;
        }
    }
    digraph_crash_thread_begin();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    int result = 0;
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        if (sigaction(crash_signals[i], &action, NULL) != 0) result = -1;
    }
    return result;
}
