// The desktop's Secret Service through Debian's libsecret (libsecret-1-dev): Kinetic's mail passwords, one item per
// account, found by the attribute `kinetic-mail-account` ("user@host:port"). The calls are libsecret's variadic
// ones, wrapped here because Swift cannot call a C function with `...`.
#include <libsecret/secret.h>

/// Kinetic's items: matched by their attribute alone, so one stored by `secret-tool store --label=… kinetic-mail-account
/// ana@example.org@imap.example.org:993` is found too.
static inline const SecretSchema *kinetic_mail_schema(void) {
    static const SecretSchema schema = {
        "org.kinetic.Mail", SECRET_SCHEMA_DONT_MATCH_NAME,
        { { "kinetic-mail-account", SECRET_SCHEMA_ATTRIBUTE_STRING }, { NULL, 0 } }
    };
    return &schema;
}

/// Whether `failure` says there is no Secret Service at all: no program answers for it on the bus (a session without
/// a keyring), or the bus itself can't be reached (an address left over from a session that ended). A refusal, a
/// locked keyring's dismissed prompt or a cancel is not: there is a keyring, and it did not take the password.
static inline int kinetic_secret_failure_is_absence(const GError *failure) {
    if (!failure) return 0;
    if (failure->domain == G_DBUS_ERROR)
        return failure->code == G_DBUS_ERROR_SERVICE_UNKNOWN || failure->code == G_DBUS_ERROR_NAME_HAS_NO_OWNER
            || failure->code == G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND || failure->code == G_DBUS_ERROR_FILE_NOT_FOUND
            || failure->code == G_DBUS_ERROR_NO_SERVER || failure->code == G_DBUS_ERROR_DISCONNECTED;
    if (failure->domain == G_IO_ERROR)
        return failure->code == G_IO_ERROR_NOT_FOUND || failure->code == G_IO_ERROR_CONNECTION_REFUSED || failure->code == G_IO_ERROR_CLOSED;
    return 0;
}

/// Stores `password` for `account` in the default collection; 1 when stored, else 0 with `*error` (g_free it) and
/// `*absent` set when there is no Secret Service at all (`kinetic_secret_failure_is_absence`).
static inline int kinetic_secret_store(const char *account, const char *label, const char *password, GCancellable *cancel, char **error,
                                       int *absent) {
    GError *failure = NULL;
    gboolean stored = secret_password_store_sync(kinetic_mail_schema(), SECRET_COLLECTION_DEFAULT, label, password, cancel, &failure,
                                                 "kinetic-mail-account", account, NULL);
    if (!stored && error) *error = g_strdup(failure ? failure->message : "the Secret Service did not keep it");
    if (absent) *absent = kinetic_secret_failure_is_absence(failure);
    g_clear_error(&failure);
    return stored ? 1 : 0;
}

/// Removes `account`'s password, if one is kept; 1 when the service answered (whether or not there was one), else 0
/// with `*error` (g_free it).
static inline int kinetic_secret_clear(const char *account, GCancellable *cancel, char **error) {
    GError *failure = NULL;
    secret_password_clear_sync(kinetic_mail_schema(), cancel, &failure, "kinetic-mail-account", account, NULL);
    int answered = failure == NULL;
    if (failure && error) *error = g_strdup(failure->message);
    g_clear_error(&failure);
    return answered;
}

/// `account`'s password (free it with secret_password_free), or NULL: none stored (`*error` left NULL), or a failure
/// (`*error` set; g_free it).
static inline char *kinetic_secret_lookup(const char *account, GCancellable *cancel, char **error) {
    GError *failure = NULL;
    gchar *password = secret_password_lookup_sync(kinetic_mail_schema(), cancel, &failure, "kinetic-mail-account", account, NULL);
    if (failure && error) *error = g_strdup(failure->message);
    g_clear_error(&failure);
    return password;
}
