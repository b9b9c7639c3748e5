#ifndef TROVE_FUNCTIONS_H
#define TROVE_FUNCTIONS_H

/*
** Adds every function of CTroveRanking (the ranking, trove_prefix_tally and trove_prefix_key,
** trove_best, trove_ids/trove_has, trove_tally) to TroveSQLite's connection setup hooks, so that
** each connection TroveSQLite opens from then on has them. Idempotent.
**
** It also runs by itself when the program loads (a constructor). TroveStore and TroveSearch call
** it as well before they open or search anything: the call is what makes a linker that pulls
** objects from a static archive keep this one, constructor included.
*/
void trove_functions_install(void);

#endif
