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
#include <sys/resource.h>
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

static void on_crash(int signal_number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    if (out_of_memory()) {
        size_t written = 0;
        while (written < exhaustion_length) {
            ssize_t count = write(STDERR_FILENO, exhaustion_message + written, exhaustion_length - written);
            if (count <= 0) break;
            written += (size_t)count;
        }
        _exit(exhaustion_status);
    }
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

void trove_runtime_exit_on_memory_exhaustion(const char *message, int status) {
    size_t length = strlen(message);
    if (length >= sizeof exhaustion_message) length = sizeof exhaustion_message - 1;
    memcpy(exhaustion_message, message, length);
    exhaustion_length = length;
    exhaustion_status = status;

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
