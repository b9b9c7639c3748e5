/*
** JSON text for the tally aggregates; see trove_json.h.
*/
#include "trove_json.h"

void trove_json_append_string(sqlite3_str *json, const char *bytes, int length) {
    sqlite3_str_appendchar(json, 1, '"');
    for (int i = 0; i < length; i++) {
        unsigned char ch = (unsigned char)bytes[i];
        if (ch == '"' || ch == '\\') {
            sqlite3_str_appendchar(json, 1, '\\');
            sqlite3_str_appendchar(json, 1, (char)ch);
        } else if (ch < 0x20) {
            sqlite3_str_appendf(json, "\\u%04x", ch);
        } else {
            sqlite3_str_appendchar(json, 1, (char)ch);
        }
    }
    sqlite3_str_appendchar(json, 1, '"');
}

void trove_json_result(sqlite3_context *context, sqlite3_str *json) {
    int rc = sqlite3_str_errcode(json);
    int length = sqlite3_str_length(json);
    char *text = sqlite3_str_finish(json);
    if (rc != SQLITE_OK || !text) {
        sqlite3_free(text);
        sqlite3_result_error_code(context, rc == SQLITE_OK ? SQLITE_NOMEM : rc);
        return;
    }
    sqlite3_result_text(context, text, length, sqlite3_free);
}
