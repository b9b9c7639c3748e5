#ifndef TROVE_RUNTIME_H
#define TROVE_RUNTIME_H

/// Process-wide settings the `trove` command makes first thing in `main`, before threads start,
/// in C because they need glibc extensions and async-signal-safe code.

/// Thread stacks and the address space a command needs beyond what the process holds as it
/// loads; `MemoryLimits` in TroveCLI reads the same two.
#define TROVE_RUNTIME_THREAD_STACK_BYTES (2UL << 20)
#define TROVE_RUNTIME_HEADROOM_BYTES (16ULL << 20)
/// Free descriptors the process needs to start: libdispatch's three, one for its worker
/// monitor and one for a file read in passing; fewer, and `trove` stops with a sentence.
#define TROVE_RUNTIME_STARTUP_DESCRIPTORS 5

/// Keeps the process's address space small, so an address-space limit (`ulimit -v`) of
/// 100-200 MB leaves room to work: one malloc arena (each thread's own arena reserves 64 MiB
/// of address space) and `stack_bytes` thread stacks (glibc's default is RLIMIT_STACK, 8 MiB).
void trove_runtime_limit_address_space(unsigned long stack_bytes);

/// The soft address-space limit (RLIMIT_AS) in bytes; 0 when there is none.
unsigned long long trove_runtime_address_space_limit(void);

/// The address space the process uses now (VmSize), in bytes; 0 when unknown.
unsigned long long trove_runtime_address_space_used(void);

/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP and SIGABRT, on an alternate stack.
/// When the process has run out of memory (within 32 MiB of its address-space limit, or a
/// fresh 4 MiB mapping fails), the handler writes `message` to stderr and exits with `status`;
/// any other crash goes on to the handler installed before (the Swift runtime's backtracer)
/// or the default action, so a real crash still ends with its signal.
void trove_runtime_exit_on_memory_exhaustion(const char *message, int status);

/// Replaces the message and status only when called again: the handlers are installed once,
/// when the binary loads (before `main`), so that running out of memory while the Swift runtime
/// starts also ends with the sentence.

struct termios;

/// Remembers the terminal the interactive search set to raw mode, and its mode before: any
/// crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT) puts that mode back and shows the cursor
/// before the process ends, so the shell is never left without echo.
void trove_runtime_restore_terminal_on_crash(int fd, const struct termios *mode);

/// Forgets the terminal, once it has been restored the usual way.
void trove_runtime_forget_terminal(void);

#endif
