#ifndef TROVE_RUNTIME_H
#define TROVE_RUNTIME_H

/// Process-wide settings the `trove` command makes first thing in `main`, before threads start,
/// in C because they need glibc extensions and async-signal-safe code.

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

#endif
