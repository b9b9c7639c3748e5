#ifndef TROVE_LIBRARY_H
#define TROVE_LIBRARY_H

/*
** trove_library_configure(): the process-wide SQLite settings Trove wants, applied before
** SQLite initialises (sqlite3_config only works then; it is variadic, so Swift cannot call it).
**
** Turns memory statistics off (SQLITE_CONFIG_MEMSTATUS, 0). With them on, every allocation
** SQLite makes takes one process-wide mutex to update the statistics, and two connections
** searching at once on two threads wait on each other for it.
**
** Returns SQLITE_OK, or SQLITE_MISUSE when SQLite had already initialised (the setting is then
** left as it was).
*/
int trove_library_configure(void);

#endif
