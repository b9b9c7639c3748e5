#ifndef TROVE_JSON_H
#define TROVE_JSON_H

#include <sqlite3.h>

/* The JSON the tally aggregates return, written with sqlite3_str (private to this target). */

/* Appends `bytes` as a JSON string: quoted, with `"`, `\` and control characters escaped. */
void trove_json_append_string(sqlite3_str *json, const char *bytes, int length);

/* Finishes `json` as the function's text result, or its error (out of memory) when it failed. */
void trove_json_result(sqlite3_context *context, sqlite3_str *json);

#endif
