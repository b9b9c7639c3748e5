#define _GNU_SOURCE
#include "CTroveRuntime.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <stdio.h>
#include <sys/resource.h>
#include <termios.h>
#include <unistd.h>

void trove_runtime_limit_address_space(unsigned long stack_bytes) {
    mallopt(M_ARENA_MAX, 1);
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return;
    if (pthread_attr_setstacksize(&attributes, stack_bytes) == 0) pthread_setattr_default_np(&attributes);
    pthread_attr_destroy(&attributes);
}

unsigned long long trove_runtime_address_space_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 0;
    return (unsigned long long)limit.rlim_cur;
}

/* Async-signal-safe: open, read and close on /proc/self/statm, whose first number is VmSize in pages. */
unsigned long long trove_runtime_address_space_used(void) {
    int descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return 0;
    char text[64];
    ssize_t count = read(descriptor, text, sizeof text - 1);
    close(descriptor);
    if (count <= 0) return 0;
    unsigned long long pages = 0;
    for (ssize_t index = 0; index < count && text[index] >= '0' && text[index] <= '9'; index++) {
        pages = pages * 10 + (unsigned long long)(text[index] - '0');
    }
    return pages * (unsigned long long)sysconf(_SC_PAGESIZE);
}

static char exhaustion_message[512];
static size_t exhaustion_length;
static int exhaustion_status;
static const int watched_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT};
static struct sigaction previous_actions[5];

static int out_of_memory(void) {
    unsigned long long limit = trove_runtime_address_space_limit();
    unsigned long long used = trove_runtime_address_space_used();
    if (limit != 0 && used != 0 && used + (32ULL << 20) > limit) return 1;
    void *probe = mmap(NULL, 4 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (probe == MAP_FAILED) return errno == ENOMEM;
    munmap(probe, 4 << 20);
    return 0;
}

/* The terminal the interactive search put in raw mode, and the mode to put back. */
static volatile sig_atomic_t terminal_fd = -1;
static struct termios terminal_mode;

void trove_runtime_restore_terminal_on_crash(int fd, const struct termios *mode) {
    terminal_mode = *mode;
    terminal_fd = fd;
}

void trove_runtime_forget_terminal(void) {
    terminal_fd = -1;
}

/* Async-signal-safe: write and tcsetattr only. */
static void restore_terminal(void) {
    int fd = terminal_fd;
    if (fd < 0) return;
    terminal_fd = -1;
    static const char reset[] = "\r\n\033[?2004l\033[?25h";
    ssize_t ignored = write(fd, reset, sizeof reset - 1);
    (void)ignored;
    tcsetattr(fd, TCSANOW, &terminal_mode);
}

/* Writes the out-of-memory sentence, puts the terminal back and ends the process. */
static void exit_out_of_memory(void) {
    restore_terminal();
    size_t written = 0;
    while (written < exhaustion_length) {
        ssize_t count = write(STDERR_FILENO, exhaustion_message + written, exhaustion_length - written);
        if (count <= 0) break;
        written += (size_t)count;
    }
    _exit(exhaustion_status);
}

static void on_crash(int signal_number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    restore_terminal();
    if (out_of_memory()) exit_out_of_memory();
    errno = saved_errno;
    (void)context;
    /* Not memory: put back the action from before (the Swift runtime's backtracer, or the
       default) and let the crash happen again under it, as if this handler had never been
       installed: a faulting instruction runs again when this returns; a sent signal is sent again. */
    for (int index = 0; index < 5; index++) {
        if (watched_signals[index] == signal_number) sigaction(signal_number, &previous_actions[index], NULL);
    }
    if (info == NULL || info->si_code <= 0) raise(signal_number);
}

static int handlers_installed;

void trove_runtime_exit_on_memory_exhaustion(const char *message, int status) {
    size_t length = strlen(message);
    if (length >= sizeof exhaustion_message) length = sizeof exhaustion_message - 1;
    memcpy(exhaustion_message, message, length);
    exhaustion_length = length;
    exhaustion_status = status;
    if (handlers_installed) return;
    handlers_installed = 1;

    /* The handler must run when the stack itself cannot grow; an alternate stack the runtime
       already set up is kept. */
    static char alternate_stack[64 * 1024];
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0};
        sigaltstack(&stack, NULL);
    }

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < 5; index++) sigaction(watched_signals[index], &action, &previous_actions[index]);
}

/* ---- Allocation failures ----

   The Swift runtime answers a failed allocation by printing "Fatal error: failed to allocate N
   bytes" (in a release build, a crash report and a stack trace) and trapping, and only then did
   the handler above print the sentence. These definitions stand in for glibc's allocator in the
   whole process (the executable's symbols come first): they call glibc's own, and when one
   fails, the process is out of memory, so it says so at once, as its last words. SQLite, which
   would have reported SQLITE_NOMEM, ends the same way: exit 3 and the sentence; an interrupted
   write is rolled back from its journal, as after a kill. Off in a test bundle, where
   `exit_on_allocation_failure` stays 0 and a failed allocation returns NULL as usual. */

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static void set_default_message(void);

/* 1 in `trove`, 0 in a test bundle, -1 until asked: an allocation can fail in another library's
   constructor, before this library's has run. */
static int exit_on_allocation_failure = -1;

static int is_test_bundle(void) {
    const char *name = program_invocation_short_name;
    size_t length = name == NULL ? 0 : strlen(name);
    return length >= 7 && strcmp(name + length - 7, ".xctest") == 0;
}

static void *checked(void *pointer, size_t size) {
    if (pointer != NULL || size == 0) return pointer;
    if (exit_on_allocation_failure < 0) exit_on_allocation_failure = !is_test_bundle();
    if (exit_on_allocation_failure) {
        if (exhaustion_length == 0) set_default_message();
        exit_out_of_memory();
    }
    return pointer;
}

void *malloc(size_t size) { return checked(__libc_malloc(size), size); }

void *calloc(size_t count, size_t size) {
    return checked(__libc_calloc(count, size), count == 0 ? 0 : (size == 0 ? 0 : 1));
}

void *realloc(void *pointer, size_t size) { return checked(__libc_realloc(pointer, size), size); }

void *memalign(size_t alignment, size_t size) { return checked(__libc_memalign(alignment, size), size); }

void *aligned_alloc(size_t alignment, size_t size) { return checked(__libc_memalign(alignment, size), size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        checked(NULL, size);
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

/* `12,345`: a number with commas between groups of three digits, into `text`. */
static void grouped(unsigned long long number, char *text, size_t size) {
    char digits[32];
    int count = snprintf(digits, sizeof digits, "%llu", number);
    size_t at = 0;
    for (int index = 0; index < count && at + 1 < size; index++) {
        if (index > 0 && (count - index) % 3 == 0 && at + 2 < size) text[at++] = ',';
        text[at++] = digits[index];
    }
    text[at] = 0;
}

/* The sentence for running out of memory, naming the limit; `main` replaces it with its own
   (`MemoryLimits.prepare`). No allocation: snprintf of numbers into static buffers. */
static void set_default_message(void) {
    char limit_text[32];
    unsigned long long limit = trove_runtime_address_space_limit();
    grouped(limit / 1024, limit_text, sizeof limit_text);
    if (limit == 0) {
        snprintf(exhaustion_message, sizeof exhaustion_message, "trove: ran out of memory; close other programs, then try again.\n");
    } else {
        snprintf(exhaustion_message, sizeof exhaustion_message,
                 "trove: ran out of memory (the address-space limit, `ulimit -v`, is %s KiB); raise it, "
                 "e.g. `ulimit -v unlimited`, and try again.\n",
                 limit_text);
    }
    exhaustion_length = strlen(exhaustion_message);
    exhaustion_status = 3;
}

/* Runs when the `trove` binary is loaded, before the Swift runtime starts `main`. Under a tight
   `ulimit -v`, what the runtime does first (the async main's first task, libdispatch's first
   worker threads with 8 MiB stacks and a 64 MiB malloc arena each) failed before `main` could
   set anything up, and the process died of SIGILL (exit 132) or SIGSEGV (139) instead of saying
   why. So here, before any of that: one arena and small thread stacks, the handlers, the
   allocation check, and the refusal when the limit leaves too little to start. No allocation
   here: the message goes into a static buffer; `main` replaces it (`MemoryLimits.prepare`).
   Exit 3 is `ExitStatus.database`. Not in a test bundle (`*.xctest`), which links this too. */
__attribute__((constructor)) static void trove_runtime_early_handlers(void) {
    if (is_test_bundle()) {
        exit_on_allocation_failure = 0;
        return;
    }
    exit_on_allocation_failure = 1;
    trove_runtime_limit_address_space(TROVE_RUNTIME_THREAD_STACK_BYTES);
    set_default_message();
    char message[sizeof exhaustion_message];
    memcpy(message, exhaustion_message, exhaustion_length + 1);
    trove_runtime_exit_on_memory_exhaustion(message, 3);
    /* NB: libdispatch, which starts with the async main, takes three descriptors (epoll, an
       eventfd, a timerfd) and traps (SIGILL) when it cannot; its worker monitor then opens
       `/proc/N/stat` now and then and traps when it cannot. Under `ulimit -n` 4-6 every command
       died so; each command counts what it needs later (`DescriptorHeadroom`). */
    struct rlimit descriptors;
    if (getrlimit(RLIMIT_NOFILE, &descriptors) == 0 && descriptors.rlim_cur <= 256) {
        int free_count = 0;
        for (int fd = 0; fd < (int)descriptors.rlim_cur; fd++) {
            if (fcntl(fd, F_GETFD) == -1) free_count++;
        }
        if (free_count < TROVE_RUNTIME_STARTUP_DESCRIPTORS) {
            char message[256];
            snprintf(message, sizeof message,
                     "trove: Trove ran out of file descriptors (the limit is %llu; see `ulimit -n`) starting up; "
                     "raise the limit, e.g. `ulimit -n 1024`, and try again.\n",
                     (unsigned long long)descriptors.rlim_cur);
            ssize_t ignored = write(STDERR_FILENO, message, strlen(message));
            (void)ignored;
            _exit(3);
        }
    }
    unsigned long long limit = trove_runtime_address_space_limit();
    unsigned long long used = trove_runtime_address_space_used();
    if (limit != 0 && used != 0 && used + TROVE_RUNTIME_HEADROOM_BYTES > limit) {
        char needed_text[32], limit_text[32];
        grouped((used + TROVE_RUNTIME_HEADROOM_BYTES + 1023) / 1024, needed_text, sizeof needed_text);
        grouped(limit / 1024, limit_text, sizeof limit_text);
        snprintf(message, sizeof message,
                 "trove: needs at least %s KiB of address space; the limit (`ulimit -v`) is %s KiB. "
                 "Raise it, e.g. `ulimit -v unlimited`, and try again.\n",
                 needed_text, limit_text);
        ssize_t ignored = write(STDERR_FILENO, message, strlen(message));
        (void)ignored;
        _exit(3);
    }
}
